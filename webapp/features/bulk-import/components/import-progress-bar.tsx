import type { ImportProgress } from '../../../../shared/posts/import';
import { countOf } from '../../../../shared/text/plural';

interface Props {
  /** The server's latest step; null until the first arrives. */
  progress: ImportProgress | null;
  /** What the page sent: distinct media addresses and posts, for the moment before the first step. */
  mediaCount: number;
  posts: number;
}

/**
 * The import as it runs: "Fetching media 3 of 12" with the bar filling per file, then
 * "Saving 240 posts…" while the one transaction writes them (too quick to count row by row).
 */
export function ImportProgressBar({ progress, mediaCount, posts }: Props) {
  const phase = progress?.phase ?? (mediaCount > 0 ? 'media' : 'saving');
  const total = progress?.total ?? (phase === 'media' ? mediaCount : posts);
  const done = progress?.done ?? 0;
  const label =
    phase === 'media' ? `Fetching media ${done} of ${total}` : `Saving ${countOf(total, 'post')}…`;
  const percent = phase === 'media' ? (total > 0 ? Math.round((done / total) * 100) : 0) : 100;
  return (
    <div className="space-y-1">
      <p className="text-gray-600 text-sm" aria-hidden="true">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuetext={label}
        aria-valuemin={phase === 'media' ? 0 : undefined}
        aria-valuemax={phase === 'media' ? total : undefined}
        aria-valuenow={phase === 'media' ? done : undefined}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className={`h-full rounded-full bg-brand-600 transition-[width] duration-300 ${
            phase === 'saving' ? 'animate-pulse' : ''
          }`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
