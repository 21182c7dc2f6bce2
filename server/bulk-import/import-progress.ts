import type { ImportPhase } from '../../shared/posts/import.js';
import type { AppDeps } from '../http/types.js';

export type ImportProgressReporter = (phase: ImportPhase, done: number, total: number) => void;

/** A live stream needs no more than a few updates a second to move a progress bar smoothly. */
const MIN_GAP_MS = 250;

/**
 * Publishes an import's progress to its user's live streams (GET /api/events) as
 * `import.progress` events carrying the client's progressId. A phase's first and last steps always
 * go out; the steps between at most every 250 ms, so 1,000 media files never make 1,000 messages.
 * A step held back goes out when its gap ends unless a newer one went first, so a bar never stays
 * behind a file that was fetched just before a slow one.
 */
export function importProgressReporter(
  deps: Pick<AppDeps, 'events'>,
  userId: string,
  progressId: string,
  clock: () => number = Date.now,
): ImportProgressReporter {
  let lastAt = Number.NEGATIVE_INFINITY;
  let lastPhase: ImportPhase | null = null;
  let held: ReturnType<typeof setTimeout> | undefined;
  const send = (phase: ImportPhase, done: number, total: number) => {
    clearTimeout(held);
    held = undefined;
    lastAt = clock();
    lastPhase = phase;
    deps.events.publish(userId, { type: 'import.progress', progressId, phase, done, total });
  };
  return (phase, done, total) => {
    const isEdge = phase !== lastPhase || done === 0 || done >= total;
    const wait = MIN_GAP_MS - (clock() - lastAt);
    if (isEdge || wait <= 0) {
      send(phase, done, total);
      return;
    }
    clearTimeout(held);
    held = setTimeout(() => send(phase, done, total), wait);
    held.unref?.();
  };
}
