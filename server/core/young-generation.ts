/**
 * Empties V8's young generation now, if the process was started with --expose-gc (as
 * scripts/start.mjs starts the server). The engine calls it at a quiet moment shortly before a
 * burst of due posts: the posts prepared for the burst are still young then, so the burst's first
 * collection came 13 ms into it and copied them all (7.5 ms of the main thread, and its helpers
 * on the other core) while the requests were going out. Two collections move them to the old
 * generation (the first into the young generation's survivor space, the second out of it), and
 * the burst starts with an empty young generation: on the 2,000-post benchmark its first
 * collection moved to 128-185 ms after the due moment, after its requests had been taken in.
 * Answers whether it collected.
 */
export function emptyYoungGeneration(): boolean {
  const gc = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;
  if (typeof gc !== 'function') return false;
  gc({ type: 'minor' });
  gc({ type: 'minor' });
  return true;
}
