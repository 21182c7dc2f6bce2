/**
 * A client of the live stream (GET /api/events) over real HTTP, as a browser's EventSource reads
 * it: each `event:`/`data:` block as `{ type, ...data }`, plus whether the server ended it.
 */
export interface LiveStream {
  /** Reads until `done` says enough, the stream ends or `ms` pass; answers every event so far. */
  until(
    done: (seen: Array<Record<string, unknown>>) => boolean,
    ms?: number,
  ): Promise<Array<Record<string, unknown>>>;
  /** Whether the server closed the stream. */
  readonly ended: boolean;
  close(): Promise<void>;
}

export async function openLiveStream(url: string, headers: HeadersInit): Promise<LiveStream> {
  const res = await fetch(`${url}/api/events`, { headers });
  if (!res.ok || !res.body) throw new Error(`GET /api/events: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  const events = () =>
    text
      .split('\n\n')
      .map((block) => ({
        type: /^event: (.+)$/m.exec(block)?.[1],
        data: /^data: (.+)$/m.exec(block)?.[1],
      }))
      .filter((event): event is { type: string; data: string } => Boolean(event.type && event.data))
      .map((event) => ({ type: event.type, ...JSON.parse(event.data) }) as Record<string, unknown>);
  // The stream is open once its first comment line arrived.
  while (!text.includes(': connected')) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error('the live stream ended before it opened');
    text += decoder.decode(chunk.value, { stream: true });
  }
  return {
    async until(done, ms = 5_000) {
      const deadline = Date.now() + ms;
      while (!ended && !done(events()) && Date.now() < deadline) {
        const next = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(resolve, Math.max(1, deadline - Date.now()), null)),
        ]);
        if (!next) break;
        if (next.done) {
          ended = true;
          break;
        }
        text += decoder.decode(next.value, { stream: true });
      }
      return events();
    },
    get ended() {
      return ended;
    },
    close: () => reader.cancel(),
  };
}
