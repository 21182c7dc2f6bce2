/**
 * Posts due at the same moment wait on one timer. When it fires, one write marks all their
 * create requests as possibly sent (see recover-posts.ts), then the posts are released in
 * small groups with a turn of the event loop between them, so the first requests are on the
 * wire while the next ones are being built: the due moment costs no per-post database write.
 */
export function createDueGate(markSent: (attemptIds: number[]) => Promise<void>, groupSize = 100) {
  const waiting = new Map<
    number,
    Array<{ attemptId: number; resolve: () => void; reject: (error: unknown) => void }>
  >();
  let releasing = 0;
  let idleWaiters: Array<() => void> = [];

  async function release(at: number): Promise<void> {
    const group = waiting.get(at) ?? [];
    waiting.delete(at);
    releasing += 1;
    try {
      await markSent(group.map((entry) => entry.attemptId));
      for (let index = 0; index < group.length; index += groupSize) {
        for (const entry of group.slice(index, index + groupSize)) entry.resolve();
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      for (const entry of group) entry.reject(error);
    } finally {
      releasing -= 1;
      if (releasing === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const wake of waiters) wake();
      }
    }
  }

  /**
   * Resolves once every post of the running release has sent its first request: the rest of
   * each post's work (follow-up calls, database writes) waits so it cannot delay those.
   */
  function idle(): Promise<void> {
    if (releasing === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  function wait(attemptId: number, at: number): Promise<void> {
    return new Promise((resolve, reject) => {
      let group = waiting.get(at);
      if (!group) {
        group = [];
        waiting.set(at, group);
        setTimeout(() => void release(at), Math.max(0, at - Date.now()));
      }
      group.push({ attemptId, resolve, reject });
    });
  }

  return { wait, idle };
}
