import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportPostsInput,
  type ImportResult,
  type ImportRowInput,
  type ImportTarget,
} from '../../shared/posts/import.js';
import { ImportFileError, parseImportCsv } from '../../shared/posts/import-csv.js';
import { QUEUE_LIMITS, QUEUE_MESSAGES } from '../../shared/queues/api.js';
import { listAccountRows } from '../accounts/accounts.repository.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { getQueueRowForUser } from '../queues/list-queues.js';
import { listItemsOfQueues } from '../queues/queues.repository.js';
import { getPreferences } from '../settings/preferences.service.js';
import { checkImportRows, guessMediaInfo, type ImportCheckContext } from './import-checks.js';
import { discardImportMedia, fetchedMediaInfo, fetchImportMedia } from './import-media.js';
import type { ImportProgressReporter } from './import-progress.js';
import { type ImportRow, readImportRows } from './import-rows.js';
import { type ImportSaved, saveImportRows } from './import-save.js';
import { assignImportTimes, type ImportTiming } from './import-times.js';

export interface ImportOptions {
  now?: number;
  /** Told how far the media fetch has come, then that the rows are being saved. */
  onProgress?: ImportProgressReporter;
}

/**
 * `POST /api/posts/import`: reads the rows (CSV or JSON), finds their accounts among the user's,
 * plans their times by the chosen mode and checks each account's post with the composer's rules.
 * A dry run answers that preview. Otherwise any problem refuses the whole import (400 with the
 * preview in details.result); then the media are fetched, checked again as files, and every row is
 * written in one transaction; the user's open tabs then hear of it in one `posts.changed` event.
 */
export async function importPosts(
  deps: AppDeps,
  userId: string,
  input: ImportPostsInput,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const now = options.now ?? Date.now();
  const onProgress = options.onProgress ?? (() => undefined);
  const inputs = readInputs(input);
  const { timezone, timeFormat } = await getPreferences(deps, userId);
  const queueId =
    input.mode === 'queue' ? (await getQueueRowForUser(deps, userId, input.queueId!)).id : undefined;
  const accounts = await listAccountRows(deps.db, userId);
  const timing: ImportTiming & { queueId?: string } = {
    mode: input.mode,
    spreadFrom: input.spreadFrom,
    spreadTo: input.spreadTo,
    timezone,
    userId,
    now,
    queueId,
  };
  const rows = readImportRows(inputs, accounts, timezone);
  const times = await assignImportTimes(deps.db, rows, timing);
  if (queueId) await checkQueueRoom(deps, userId, queueId, rows);
  const context: ImportCheckContext = {
    userId,
    now,
    timezone,
    timeFormat,
    isQueue: input.mode === 'queue',
    mediaInfo: guessMediaInfo,
  };
  const targets = await checkImportRows(deps.db, rows, times, context);
  const preview = resultOf(rows, targets, input.dryRun, null);
  if (input.dryRun) return preview;
  if (preview.counts.invalidRows > 0) throw refused(preview);

  const fetched = await fetchImportMedia(
    deps,
    userId,
    rows.flatMap((row) => row.mediaUrls),
    (done, total) => onProgress('media', done, total),
  );
  if (fetched.failure) {
    const { url, message } = fetched.failure;
    for (const row of rows) {
      if (row.mediaUrls.includes(url)) row.problems.push({ field: 'media_urls', accountId: null, message });
    }
    throw refused(resultOf(rows, targets, false, null));
  }
  let saved: ImportSaved;
  try {
    if (fetched.byUrl.size > 0) {
      // The files themselves now: their real types and sizes against each platform's rules.
      const files = await checkImportRows(deps.db, rows, times, {
        ...context,
        mediaInfo: (url) => {
          const media = fetched.byUrl.get(url);
          return media ? fetchedMediaInfo(media) : undefined;
        },
      });
      const checked = resultOf(rows, files, false, null);
      if (checked.counts.invalidRows > 0) throw refused(checked);
    }
    onProgress('saving', 0, preview.counts.posts);
    saved = await saveImportRows(deps, rows, timing, (url) => fetched.byUrl.get(url)!.id);
  } catch (error) {
    await discardImportMedia(deps, userId, fetched.byUrl);
    throw error;
  }
  const posts = saved.posts + saved.queueItems;
  deps.events.publish(userId, {
    type: 'posts.changed',
    reason: 'import',
    posts: saved.posts,
    queueItems: saved.queueItems,
  });
  return resultOf(
    rows,
    targets,
    false,
    { ...saved, media: fetched.byUrl.size },
    IMPORT_MESSAGES.imported(posts),
  );
}

function readInputs(input: ImportPostsInput): ImportRowInput[] {
  let inputs: ImportRowInput[];
  try {
    inputs = input.csv !== undefined ? parseImportCsv(input.csv) : (input.rows ?? []);
  } catch (error) {
    if (error instanceof ImportFileError)
      throw new AppError('validation_error', error.message, { field: 'csv' });
    throw error;
  }
  if (inputs.length === 0) throw new AppError('validation_error', IMPORT_MESSAGES.empty, { field: 'rows' });
  if (inputs.length > IMPORT_MAX_ROWS) {
    throw new AppError('validation_error', IMPORT_MESSAGES.tooManyRows(inputs.length), { field: 'rows' });
  }
  return inputs;
}

/** Rows whose items would not fit in the queue any more, with the queue page's own message. */
async function checkQueueRoom(deps: AppDeps, userId: string, queueId: string, rows: ImportRow[]) {
  let count = (await listItemsOfQueues(deps.db, userId, [queueId])).length;
  for (const row of rows) {
    count += row.accounts.length;
    if (count > QUEUE_LIMITS.itemsPerQueue) {
      row.problems.push({ field: 'accounts', accountId: null, message: QUEUE_MESSAGES.tooManyItems });
    }
  }
}

function refused(result: ImportResult): AppError {
  return new AppError('validation_error', IMPORT_MESSAGES.refused(result.counts.invalidRows), {
    field: 'rows',
    details: { result },
  });
}

function resultOf(
  rows: readonly ImportRow[],
  targets: readonly ImportTarget[][],
  dryRun: boolean,
  saved: ImportResult['saved'],
  message: string | null = null,
): ImportResult {
  const invalidRows = rows.filter((row) => row.problems.length > 0).length;
  return {
    dryRun,
    rows: rows.map((row, index) => ({
      row: row.row,
      cells: row.cells,
      targets: targets[index] ?? [],
      problems: row.problems,
    })),
    counts: {
      rows: rows.length,
      validRows: rows.length - invalidRows,
      invalidRows,
      posts: rows.reduce((sum, row) => sum + (row.problems.length === 0 ? row.accounts.length : 0), 0),
    },
    saved,
    message,
  };
}
