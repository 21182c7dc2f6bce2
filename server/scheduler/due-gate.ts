/**
 * Posts due at the same moment wait on one timer. When it fires, one write marks all their
 * create requests as possibly sent (see recover-posts.ts), then the posts are released in
 * groups with a turn of the event loop between them, so the first requests are on the wire
 * while the next ones are being built: the due moment costs no per-post database write.
 * Until every released post's first request has been answered, the rest of each post's work
 * (follow-up calls, database writes) waits in `idle()`, so it cannot delay those requests.
 */
export function createDueGate(
  markSent: (attemptIds: number[]) => Promise<void>,
  options: {
    groupSize?: number;
    maxHoldMs?: number;
    /** Called shortly before a due moment with how many posts of each platform it holds. */
    warm?: (postsByPlatform: Map<string, number>) => void;
    warmAheadMs?: number;
  } = {},
) {
  const groupSize = options.groupSize ?? 100;
  // A platform that never answers must not hold everyone's follow-ups for long.
  const maxHoldMs = options.maxHoldMs ?? 2000;
  const warmAheadMs = options.warmAheadMs ?? 2500;
  const waiting = new Map<
    number,
    Array<{ attemptId: number; platform: string; resolve: () => void; reject: (error: unknown) => void }>
  >();
  const awaitingFirstAnswer = new Set<number>();
  let releasing = 0;
  let holdTimer: NodeJS.Timeout | null = null;
  let idleWaiters: Array<() => void> = [];

  function wakeIfIdle(force = false): void {
    if (!force && (releasing > 0 || awaitingFirstAnswer.size > 0)) return;
    if (holdTimer) clearTimeout(holdTimer);
    holdTimer = null;
    awaitingFirstAnswer.clear();
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const wake of waiters) wake();
  }

  async function release(at: number): Promise<void> {
    const group = waiting.get(at) ?? [];
    waiting.delete(at);
    releasing += 1;
    try {
      await markSent(group.map((entry) => entry.attemptId));
      for (let index = 0; index < group.length; index += groupSize) {
        for (const entry of group.slice(index, index + groupSize)) {
          awaitingFirstAnswer.add(entry.attemptId);
          entry.resolve();
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      for (const entry of group) {
        awaitingFirstAnswer.delete(entry.attemptId);
        entry.reject(error);
      }
    } finally {
      releasing -= 1;
      if (releasing === 0 && awaitingFirstAnswer.size > 0) {
        holdTimer ??= setTimeout(() => wakeIfIdle(true), maxHoldMs);
      }
      wakeIfIdle();
    }
  }

  /** The post's first platform request was answered (or the post gave up before sending one). */
  function firstAnswered(attemptId: number): void {
    if (awaitingFirstAnswer.delete(attemptId)) wakeIfIdle();
  }

  /** Resolves once no burst is sending its first requests. */
  function idle(): Promise<void> {
    if (releasing === 0 && awaitingFirstAnswer.size === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  function warm(at: number): void {
    const counts = new Map<string, number>();
    for (const entry of waiting.get(at) ?? [])
      counts.set(entry.platform, (counts.get(entry.platform) ?? 0) + 1);
    if (counts.size > 0) options.warm?.(counts);
  }

  function wait(attemptId: number, at: number, platform = ''): Promise<void> {
    return new Promise((resolve, reject) => {
      let group = waiting.get(at);
      if (!group) {
        group = [];
        waiting.set(at, group);
        setTimeout(() => void release(at), Math.max(0, at - Date.now()));
        if (options.warm && at - warmAheadMs > Date.now())
          setTimeout(() => warm(at), at - warmAheadMs - Date.now());
      }
      group.push({ attemptId, platform, resolve, reject });
    });
  }

  return { wait, idle, firstAnswered };
}
