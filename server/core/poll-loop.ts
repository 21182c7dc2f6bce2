export interface PollLoop {
  /** Run a pass now (or right after the one in flight). */
  wake(): void;
  /** No more passes; resolves when the one in flight has ended. */
  stop(): Promise<void>;
}

/**
 * The loop of an outbox worker: one pass at once, then one `pollMs` after each pass ends, or
 * sooner when woken. A wake during a pass runs one more pass right after it, so work written
 * while a pass was reading is never left for the next poll. `pass` receives whether the loop is
 * stopping (to end a long pass early); what it throws goes to `onError` and the loop goes on.
 */
export function startPollLoop(
  pass: (stopping: () => boolean) => Promise<void>,
  options: { pollMs: number; onError: (error: unknown) => void },
): PollLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;
  const stopping = () => stopped;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass(stopping)
      .catch(options.onError)
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          tick();
        } else {
          timer = setTimeout(tick, options.pollMs);
          timer.unref();
        }
      });
  };
  tick();
  return {
    wake: tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
