/**
 * Posts due at the same moment wait on one timer with their first request already built.
 * When it fires, they are released in batches: one write marks the create requests of a batch
 * as possibly sent (see recover-posts.ts), then that batch's requests are dispatched. On the
 * connections opened for the burst they are written at once (platform-http.ts), before the
 * next batch is marked: a crash leaves at most one batch marked for requests that never left,
 * and the due moment costs one write per batch instead of one per post. The whole burst goes
 * out in this one task, before any answer is read.
 * Until every released post's first request has been answered, the rest of each post's work
 * (follow-up calls, database writes, events) waits in `idle()`, so it cannot delay them.
 */
export interface GateEntry<T> {
  attemptId: number;
  platform: string;
  /** The first request makes the post public: it is marked before it leaves. */
  commit: boolean;
  /** Dispatches the prepared request; called once, at the post's moment. */
  send: () => Promise<T>;
}

export function createDueGate(
  markSent: (attemptIds: number[]) => Promise<void>,
  options: {
    batchSize?: number;
    maxHoldMs?: number;
    /** Called shortly before a due moment with how many posts of each platform it holds. */
    warm?: (postsByPlatform: Map<string, number>) => void;
    warmAheadMs?: number;
  } = {},
) {
  const batchSize = options.batchSize ?? 50;
  // A platform that never answers must not hold everyone's follow-ups for long.
  const maxHoldMs = options.maxHoldMs ?? 2000;
  const warmAheadMs = options.warmAheadMs ?? 2500;
  type Waiting = GateEntry<unknown> & { resolve: (value: unknown) => void; reject: (error: unknown) => void };
  const waiting = new Map<number, Waiting[]>();
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

  async function releaseBatch(batch: Waiting[]): Promise<void> {
    try {
      await markSent(batch.filter((entry) => entry.commit).map((entry) => entry.attemptId));
    } catch (error) {
      // Unmarked, nothing of this batch may leave.
      for (const entry of batch) entry.reject(error);
      return;
    }
    for (const entry of batch) {
      awaitingFirstAnswer.add(entry.attemptId);
      try {
        entry.resolve(entry.send());
      } catch (error) {
        entry.reject(error);
      }
    }
  }

  async function release(at: number): Promise<void> {
    const group = waiting.get(at) ?? [];
    waiting.delete(at);
    releasing += 1;
    try {
      for (let index = 0; index < group.length; index += batchSize) {
        // The batch's writes are queued microtasks: they run before the next mark is written.
        await releaseBatch(group.slice(index, index + batchSize));
      }
    } finally {
      releasing -= 1;
      if (releasing === 0 && awaitingFirstAnswer.size > 0) {
        holdTimer ??= setTimeout(() => wakeIfIdle(true), maxHoldMs);
      }
      wakeIfIdle();
    }
  }

  /**
   * Node's timers may fire a millisecond before `Date.now()` reaches their moment (they run on a
   * monotonic clock): an early wake-up waits again, so nothing leaves before it is due.
   */
  function releaseAt(at: number): void {
    setTimeout(
      () => {
        if (Date.now() < at) releaseAt(at);
        else void release(at);
      },
      Math.max(0, at - Date.now()),
    );
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

  /**
   * Holds the entry until `at`, then marks and sends it with its batch; resolves with what
   * `send` returns. A moment already past (a slow prefetch) goes out at once, on its own.
   */
  function wait<T>(entry: GateEntry<T>, at: number): Promise<T> {
    if (at <= Date.now()) {
      return (async () => {
        if (entry.commit) await markSent([entry.attemptId]);
        return entry.send();
      })();
    }
    return new Promise<T>((resolve, reject) => {
      let group = waiting.get(at);
      if (!group) {
        group = [];
        waiting.set(at, group);
        releaseAt(at);
        if (options.warm && at - warmAheadMs > Date.now())
          setTimeout(() => warm(at), at - warmAheadMs - Date.now());
      }
      group.push({ ...(entry as GateEntry<unknown>), resolve: resolve as (value: unknown) => void, reject });
    });
  }

  return { wait, idle, firstAnswered };
}
