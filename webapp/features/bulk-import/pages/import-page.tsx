import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../../shared/http/api-error';
import type {
  ImportCells,
  ImportColumn,
  ImportPostsBody,
  ImportResult,
} from '../../../../shared/posts/import';
import { countOf } from '../../../../shared/text/plural';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { postKeys } from '../../../lib/query-keys';
import { usePreferences } from '../../../shared/preferences/preferences';
import { importPosts } from '../api/import-posts';
import { ImportModePicker, type ModeChoice } from '../components/import-mode-picker';
import { ImportPreviewTable, type PreviewRow } from '../components/import-preview-table';
import { ImportProgressBar } from '../components/import-progress-bar';
import { ImportSource } from '../components/import-source';
import { useImportProgress } from '../hooks/use-import-progress';

const RECHECK_MS = 400;

function modeBody(choice: ModeChoice): Omit<ImportPostsBody, 'csv' | 'rows'> {
  return {
    mode: choice.mode,
    ...(choice.mode === 'spread' ? { spreadFrom: choice.spreadFrom, spreadTo: choice.spreadTo } : {}),
    ...(choice.mode === 'queue' ? { queueId: choice.queueId } : {}),
  };
}

/** A mode still waiting for its dates or its queue is not checked yet. */
function isComplete(choice: ModeChoice): boolean {
  if (choice.mode === 'spread') return Boolean(choice.spreadFrom && choice.spreadTo);
  if (choice.mode === 'queue') return Boolean(choice.queueId);
  return true;
}

/** crypto.randomUUID needs a secure context; a server reached over plain http on a LAN is not one. */
function newProgressId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'An unexpected error occurred. Please try again.';
}

/**
 * `/posts/import`: a CSV uploaded or pasted, checked by the server with the composer's rules (a
 * dry run), shown row by row per account; cells fixed in place are checked again; nothing is
 * saved until "Import N posts", which sends the rows without problems in one request.
 */
export function ImportPage() {
  const { timezone, timeFormat } = usePreferences();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState('');
  const [choice, setChoice] = useState<ModeChoice>({
    mode: 'keep',
    spreadFrom: '',
    spreadTo: '',
    queueId: '',
  });
  const [rows, setRows] = useState<PreviewRow[] | null>(null);
  const [edits, setEdits] = useState(0);
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  /** The id this page's current import is known by on the live stream; null when not importing. */
  const [progressId, setProgressId] = useState<string | null>(null);
  const progress = useImportProgress(progressId);
  const [fileError, setFileError] = useState<string | null>(null);
  const nextKey = useRef(0);

  function adopt(result: ImportResult, keys: string[], current: PreviewRow[]) {
    const byKey = new Map(keys.map((key, index) => [key, result.rows[index] ?? null]));
    return current.map((row) => (byKey.has(row.key) ? { ...row, checked: byKey.get(row.key)! } : row));
  }

  async function checkFile() {
    setChecking(true);
    setFileError(null);
    try {
      const result = await importPosts({ csv, ...modeBody(choice), dryRun: true });
      setRows(
        result.rows.map((row) => ({ key: `row-${nextKey.current++}`, cells: row.cells, checked: row })),
      );
    } catch (error) {
      setFileError(errorMessage(error));
      setRows(null);
    } finally {
      setChecking(false);
    }
  }

  // Cells fixed in place (and a new mode) are checked again, a moment after the last change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: edits and choice are the triggers; rows is read as of then.
  useEffect(() => {
    if (!rows || rows.length === 0 || !isComplete(choice)) return;
    const sent = rows;
    const timer = setTimeout(async () => {
      setChecking(true);
      try {
        const result = await importPosts({
          rows: sent.map((row) => row.cells),
          ...modeBody(choice),
          dryRun: true,
        });
        setRows((current) =>
          current
            ? adopt(
                result,
                sent.map((row) => row.key),
                current,
              )
            : current,
        );
      } catch (error) {
        toast.error(errorMessage(error));
      } finally {
        setChecking(false);
      }
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [edits, choice]);

  function edit(key: string, column: ImportColumn, value: string) {
    setRows((current) =>
      (current ?? []).map((row) =>
        row.key === key ? { ...row, cells: { ...row.cells, [column]: value } as ImportCells } : row,
      ),
    );
    setEdits((count) => count + 1);
  }

  function drop(key: string) {
    setRows((current) => (current ?? []).filter((row) => row.key !== key));
    setEdits((count) => count + 1);
  }

  const valid = (rows ?? []).filter((row) => row.checked && row.checked.problems.length === 0);
  const withProblems = (rows ?? []).filter((row) => row.checked && row.checked.problems.length > 0);
  const problemCount = withProblems.reduce((sum, row) => sum + (row.checked?.problems.length ?? 0), 0);
  const posts = valid.reduce((sum, row) => sum + (row.checked?.targets.length ?? 0), 0);
  const mediaCount = new Set(
    valid.flatMap((row) => row.cells.media_urls.split(';').filter((url) => url.trim())),
  ).size;

  async function save() {
    const id = newProgressId();
    setProgressId(id);
    setSaving(true);
    try {
      const result = await importPosts({
        rows: valid.map((row) => row.cells),
        ...modeBody(choice),
        progressId: id,
      });
      toast.success(result.message ?? 'Imported.');
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
      navigate('/dashboard');
    } catch (error) {
      const result =
        error instanceof ApiError ? (error.details?.result as ImportResult | undefined) : undefined;
      if (result) {
        setRows((current) =>
          current
            ? adopt(
                result,
                valid.map((row) => row.key),
                current,
              )
            : current,
        );
      }
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
      setProgressId(null);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Import posts"
        description="Plan a month at once: up to 1,000 posts from a CSV, checked with each platform's rules before anything is saved."
      />
      <section className="space-y-5 rounded-xl border border-gray-200 bg-white p-5">
        <ImportSource csv={csv} onChange={setCsv} />
        <ImportModePicker value={choice} onChange={setChoice} />
        <div className="flex items-center gap-3">
          <Button
            onClick={checkFile}
            loading={checking && !rows}
            disabled={!csv.trim() || !isComplete(choice)}
          >
            Check posts
          </Button>
          {fileError ? (
            <p role="alert" className="text-red-700 text-sm">
              {fileError}
            </p>
          ) : null}
        </div>
      </section>
      {rows ? (
        <section className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-gray-700 text-sm" data-testid="import-counts" aria-live="polite">
              {countOf(rows.length, 'row')} · {valid.length} ready · {withProblems.length} with{' '}
              {problemCount === 1 ? 'a problem' : 'problems'} · {countOf(posts, 'post')}
            </p>
            <Button
              onClick={save}
              loading={saving}
              disabled={posts === 0 || checking || saving || !isComplete(choice)}
            >
              Import {countOf(posts, 'post')}
            </Button>
          </div>
          {saving ? <ImportProgressBar progress={progress} mediaCount={mediaCount} posts={posts} /> : null}
          <ImportPreviewTable
            rows={rows}
            timezone={timezone}
            timeFormat={timeFormat}
            onEdit={edit}
            onDrop={drop}
          />
        </section>
      ) : null}
    </div>
  );
}
