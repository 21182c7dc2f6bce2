import type { ImportPhase } from '../../shared/posts/import.js';
import type { AppDeps } from '../http/types.js';

export type ImportProgressReporter = (phase: ImportPhase, done: number, total: number) => void;

/** A live stream needs no more than a few updates a second to move a progress bar smoothly. */
const MIN_GAP_MS = 250;

/**
 * Publishes an import's progress to its user's live streams (GET /api/events) as
 * `import.progress` events carrying the client's progressId. A phase's first and last steps always
 * go out; the steps between at most every 250 ms, so 1,000 media files never make 1,000 messages.
 */
export function importProgressReporter(
  deps: Pick<AppDeps, 'events'>,
  userId: string,
  progressId: string,
  clock: () => number = Date.now,
): ImportProgressReporter {
  let lastAt = Number.NEGATIVE_INFINITY;
  let lastPhase: ImportPhase | null = null;
  return (phase, done, total) => {
    const now = clock();
    const isEdge = phase !== lastPhase || done === 0 || done >= total;
    if (!isEdge && now - lastAt < MIN_GAP_MS) return;
    lastAt = now;
    lastPhase = phase;
    deps.events.publish(userId, { type: 'import.progress', progressId, phase, done, total });
  };
}
