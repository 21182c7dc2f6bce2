import { interleave } from '../core/interleave.js';
import { ClaimLostError, notSent } from '../platforms/platform-error.js';

/**
 * Posts due at the same moment wait on one timer with their first request already built.
 * When it fires, they are released in batches, the platforms interleaved so that none waits
 * for another's: one write marks the create requests of a batch as possibly sent (see
 * recover-posts.ts), then that batch's requests are handed to the transport, which writes them
 * on the connections opened for the burst as fast as the platform takes them
 * (platform-transport.ts, burst-pool.ts). A batch is marked while the one before it waits for
 * connections, and the next only once that one has been written: the connections never wait
 * for a mark, a crash leaves at most two batches marked for requests that never left, and the
 * due moment costs one write per batch instead of one per post.
 * The platforms are interleaved a moment ahead (orderAhead), so the due moment starts with the
 * first mark: in order at the moment, a burst of 2,000 posts waited 1.5 ms for it.
 * Until every released post's first request has been answered, the rest of each post's work
 * (follow-up calls, database writes, events) waits in `idle()`, so it cannot delay them.
 */
export interface GateEntry<T> {
  attemptId: number;
  platform: string;
  /** The first request makes the post public: it is marked before it leaves. */
  commit: boolean;
  /**
   * Dispatches the prepared request; called once, at the post's moment. Calls `written` once
   * the request has been written on a connection (or failed before).
   */
  send: (written: () => void) => Promise<T>;
}

/**
 * `markSent` marks the attempts and answers the ids it marked; a commit whose attempt was not
 * marked (its post is another worker's now) is never sent.
 */
export function createDueGate(
  /** Marks the attempts' create requests as maybe sent; answers the ids it could mark. */
  markSent: (attemptIds: number[]) => Promise<number[]>,
  options: {
    batchSize?: number;
    maxHoldMs?: number;
    /** Called shortly before a due moment with how many posts of each platform were announced for it. */
    warm?: (postsByPlatform: Map<string, number>) => void;
    warmAheadMs?: number;
    /** Posts woken per turn of the event loop once a burst's first answers are in. */
    wakePerTurn?: number;
    /** How long before its moment a burst's posts are put in their order (orderAhead). */
    orderAheadMs?: number;
  } = {},
) {
  const batchSize = options.batchSize ?? 50;
  // A platform that never answers must not hold everyone's follow-ups for long.
  const maxHoldMs = options.maxHoldMs ?? 2000;
  const warmAheadMs = options.warmAheadMs ?? 2500;
  const wakePerTurn = options.wakePerTurn ?? 25;
  const orderAheadMs = options.orderAheadMs ?? 1000;
  type Waiting = GateEntry<unknown> & { resolve: (value: unknown) => void; reject: (error: unknown) => void };
  /** Each moment's posts, in the order they came; the first `ordered` of them in their release order. */
  const waiting = new Map<number, { entries: Waiting[]; ordered: number }>();
  /** Posts announced for each moment, by platform: what the connections are opened for. */
  const announced = new Map<number, Map<string, number>>();
  const awaitingFirstAnswer = new Set<number>();
  let releasing = 0;
  let holdTimer: NodeJS.Timeout | null = null;
  let idleWaiters: Array<() => void> = [];
  let closedWith: Error | null = null;

  function wakeIfIdle(force = false): void {
    if (!force && (releasing > 0 || awaitingFirstAnswer.size > 0)) return;
    if (holdTimer) clearTimeout(holdTimer);
    holdTimer = null;
    awaitingFirstAnswer.clear();
    const waiters = idleWaiters;
    idleWaiters = [];
    wakeSome(waiters, 0);
  }

  /**
   * A burst's posts go on with their bookkeeping (database writes, events, notifications) a
   * slice per turn of the event loop: woken all at once, 2,000 of them held the loop for a
   * second and kept every one's intermediate objects alive together.
   */
  function wakeSome(waiters: Array<() => void>, from: number): void {
    const end = Math.min(waiters.length, from + wakePerTurn);
    for (let index = from; index < end; index += 1) waiters[index]?.();
    if (end < waiters.length) setImmediate(() => wakeSome(waiters, end));
  }

  /**
   * Marks a batch, then hands its requests to the transport; answers a promise (wrapped, so
   * that awaiting the batch does not wait for it) that resolves once all of them have been
   * written (or failed).
   */
  async function releaseBatch(batch: Waiting[]): Promise<{ written: Promise<void> }> {
    let marked: Set<number>;
    try {
      marked = new Set(await markSent(batch.filter((entry) => entry.commit).map((entry) => entry.attemptId)));
    } catch (error) {
      // Unmarked, nothing of this batch may leave (and nothing of it did).
      const refusal = notSent(error);
      for (const entry of batch) entry.reject(refusal);
      return { written: Promise.resolve() };
    }
    let left = batch.length;
    let allWritten: () => void = () => undefined;
    const written = new Promise<void>((resolve) => {
      allWritten = resolve;
    });
    const oneWritten = () => {
      left -= 1;
      if (left === 0) allWritten();
    };
    for (const entry of batch) {
      // Its post is another worker's now: this request must not leave.
      if (entry.commit && !marked.has(entry.attemptId)) {
        entry.reject(new ClaimLostError());
        oneWritten();
        continue;
      }
      awaitingFirstAnswer.add(entry.attemptId);
      dispatch(entry, once(oneWritten));
    }
    return { written };
  }

  /** Sends the entry's request; `written` hears when it has been written, or has failed. */
  function dispatch(entry: Waiting, written: () => void): void {
    try {
      const answer = entry.send(written);
      answer.then(written, written);
      entry.resolve(answer);
    } catch (error) {
      written();
      entry.reject(error);
    }
  }

  async function release(at: number): Promise<void> {
    const group = releaseOrder(waiting.get(at));
    waiting.delete(at);
    releasing += 1;
    try {
      let previous: Promise<void> = Promise.resolve();
      for (let index = 0; index < group.length; index += batchSize) {
        const { written } = await releaseBatch(group.slice(index, index + batchSize));
        // The next batch is marked once the one before this has left.
        await previous;
        previous = written;
      }
    } finally {
      releasing -= 1;
      if (releasing === 0 && awaitingFirstAnswer.size > 0) {
        holdTimer ??= setTimeout(() => wakeIfIdle(true), maxHoldMs);
      }
      wakeIfIdle();
    }
  }

  /** A moment's posts in the order they leave: the platforms interleaved. */
  function releaseOrder(group: { entries: Waiting[]; ordered: number } | undefined): Waiting[] {
    if (!group) return [];
    const { entries, ordered } = group;
    if (ordered === entries.length) return entries;
    if (ordered === 0) return fairOrder(entries);
    // Posts that came after the order was made are spread among the rest, not sent after them.
    return interleave([entries.slice(0, ordered), fairOrder(entries.slice(ordered))]);
  }

  /** Puts the moment's posts in their release order ahead, so that the moment need not. */
  function orderAhead(at: number): void {
    const group = waiting.get(at);
    if (!group) return;
    group.entries = fairOrder(group.entries);
    group.ordered = group.entries.length;
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
    const counts = announced.get(at);
    announced.delete(at);
    if (counts && counts.size > 0) options.warm?.(counts);
  }

  /**
   * A post of `platform` will wait for `at` (called when it is claimed, before it is prepared):
   * shortly before the moment, `warm` hears how many posts of each platform are coming.
   */
  function announce(platform: string, at: number): void {
    if (!options.warm) return;
    const delay = at - warmAheadMs - Date.now();
    // Too close to the moment, new connections would not be open in time to be used.
    if (delay < -warmAheadMs / 2) return;
    let counts = announced.get(at);
    if (!counts) {
      counts = new Map();
      announced.set(at, counts);
      setTimeout(() => warm(at), Math.max(0, delay));
    }
    counts.set(platform, (counts.get(platform) ?? 0) + 1);
  }

  /**
   * Holds the entry until `at`, then marks and sends it with its batch; resolves with what
   * `send` returns. A moment already past (a slow prefetch) goes out at once, on its own.
   */
  function wait<T>(entry: GateEntry<T>, at: number): Promise<T> {
    if (closedWith) return Promise.reject(closedWith);
    if (at <= Date.now()) {
      return (async () => {
        if (entry.commit) {
          const marked = await markSent([entry.attemptId]).catch((error: unknown) => {
            throw notSent(error);
          });
          if (marked.length === 0) throw new ClaimLostError();
        }
        return entry.send(() => undefined);
      })();
    }
    return new Promise<T>((resolve, reject) => {
      let group = waiting.get(at);
      if (!group) {
        group = { entries: [], ordered: 0 };
        waiting.set(at, group);
        releaseAt(at);
        const orderIn = at - orderAheadMs - Date.now();
        if (orderIn > 0) setTimeout(() => orderAhead(at), orderIn);
      }
      group.entries.push({
        ...(entry as GateEntry<unknown>),
        resolve: resolve as (value: unknown) => void,
        reject,
      });
    });
  }

  /**
   * Nothing more leaves: every entry still waiting for its moment, and every later one, is
   * rejected with `error` (the process is stopping). Requests already released go on.
   */
  function close(error: Error): void {
    closedWith = error;
    for (const group of waiting.values()) for (const entry of group.entries) entry.reject(error);
    waiting.clear();
  }

  /** Sends again (the engine started anew after a stop). */
  function reopen(): void {
    closedWith = null;
  }

  return { wait, idle, firstAnswered, announce, close, reopen };
}

function once(callback: () => void): () => void {
  let called = false;
  return () => {
    if (called) return;
    called = true;
    callback();
  };
}

/** Platforms interleaved, so that none of them waits for another's requests to be written. */
function fairOrder<T extends { platform: string }>(group: T[]): T[] {
  const lanes = new Map<string, T[]>();
  for (const entry of group) {
    const lane = lanes.get(entry.platform);
    if (lane) lane.push(entry);
    else lanes.set(entry.platform, [entry]);
  }
  return lanes.size > 1 ? interleave([...lanes.values()]) : group;
}
