import dns, { type LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import { Agent, buildConnector, Client, type Dispatcher } from 'undici';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { Config } from '../config.js';
import { platformUrl } from './platform-endpoints.js';

/**
 * The connections platform requests travel on. Most go through one keep-alive agent, a bounded
 * number of sockets per origin. A burst of posts due in the same second gets its own: before
 * it, `preconnect` opens one connection per post, each behind a client of its own, and the
 * burst's first requests take them one by one. That matters twice at the due moment: a request
 * on a never-used connection is written at once (undici first waits a turn of the event loop
 * before writing on a reused one), and taking a client from a list costs nothing, where the
 * agent's pool searches its thousands of busy clients for a free one on every request.
 */
const connectNew = buildConnector({ timeout: 10_000, lookup: cachedLookup });

export const agent = new Agent({
  connections: 4096,
  keepAliveTimeout: 30_000,
  connect: connectNew,
});

/** Unused warm connections are closed after this (servers drop idle ones, and each holds a file). */
const WARM_TTL_MS = 15_000;
/** A burst's clients are kept this long after their first answer, for the posts' next calls. */
const IDLE_TTL_MS = 20_000;
const MAX_IDLE_PER_ORIGIN = 1000;

interface Warm {
  client: Client;
  socket: Socket;
}

const warm = new Map<string, Warm[]>();
const idle = new Map<string, Array<{ client: Client; since: number }>>();

/** A client of our own for `origin`: a warm one first, then one a burst has finished with. */
function takeClient(origin: string): Client | null {
  const fresh = warm.get(origin);
  for (let entry = fresh?.pop(); entry; entry = fresh?.pop()) {
    if (!entry.socket.destroyed && entry.socket.writable && !entry.socket.readableEnded) return entry.client;
    entry.client.destroy().catch(() => undefined);
  }
  const used = idle.get(origin);
  const now = Date.now();
  for (let entry = used?.pop(); entry; entry = used?.pop()) {
    if (!entry.client.destroyed && !entry.client.closed && now - entry.since < IDLE_TTL_MS)
      return entry.client;
    entry.client.close().catch(() => undefined);
  }
  return null;
}

function giveBack(origin: string, client: Client): void {
  if (client.destroyed || client.closed) return;
  const used = idle.get(origin) ?? [];
  idle.set(origin, used);
  if (used.length >= MAX_IDLE_PER_ORIGIN) {
    client.close().catch(() => undefined);
    return;
  }
  used.push({ client, since: Date.now() });
}

/**
 * Dispatches a request on a client of our own when one is there (see above), else through
 * the agent. `handler` must call `done` once the request has its answer or failed.
 */
export function dispatch(
  options: Dispatcher.DispatchOptions & { origin: string },
  makeHandler: (done: () => void) => Dispatcher.DispatchHandler,
): void {
  const client = takeClient(options.origin);
  if (!client) {
    agent.dispatch(
      options,
      makeHandler(() => undefined),
    );
    return;
  }
  client.dispatch(
    options,
    makeHandler(() => giveBack(options.origin, client)),
  );
}

/** The API host each platform's create requests go to (platform-apis.md). */
const API_ORIGINS: Record<PlatformId, string> = {
  twitter: 'https://api.x.com',
  facebook: 'https://graph.facebook.com',
  instagram: 'https://graph.instagram.com',
  linkedin: 'https://api.linkedin.com',
  tiktok: 'https://open.tiktokapis.com',
  threads: 'https://graph.threads.net',
};

/**
 * Opens `count` connections (TCP, and TLS for real hosts) to the platform's API host ahead of a
 * burst, without sending anything on them, each behind its own client; the ones left unused
 * are closed after WARM_TTL_MS.
 */
export async function preconnect(config: Config, platform: PlatformId, count: number): Promise<void> {
  const target = new URL(platformUrl(config, platform, `${API_ORIGINS[platform]}/`));
  const origin = target.origin;
  const list = warm.get(origin) ?? [];
  warm.set(origin, list);
  const sockets = await Promise.all(
    Array.from(
      { length: Math.max(0, count - list.length) },
      () =>
        new Promise<Socket | null>((resolve) => {
          connectNew(
            { protocol: target.protocol, hostname: target.hostname, host: target.host, port: target.port },
            (error, socket) => resolve(error ? null : socket),
          );
        }),
    ),
  );
  for (const socket of sockets) {
    if (!socket) continue;
    // A silent handler until undici adds its own: an idle socket may still be reset.
    const ignore = () => undefined;
    socket.on('error', ignore);
    let handed = false;
    const client = new Client(origin, {
      keepAliveTimeout: 30_000,
      // The warm socket once, a new connection should this client ever need another. Answered
      // on the next microtask: undici ignores a connection handed over synchronously.
      connect: (options, callback) => {
        if (handed) return connectNew(options, callback);
        handed = true;
        socket.off('error', ignore);
        queueMicrotask(() => callback(null, socket));
      },
    });
    const entry = { client, socket };
    list.push(entry);
    setTimeout(() => {
      const index = list.indexOf(entry);
      if (index === -1) return;
      list.splice(index, 1);
      client.destroy().catch(() => undefined);
      socket.destroy();
    }, WARM_TTL_MS).unref();
  }
}

// Every new connection would otherwise ask the resolver again (through libuv's small thread
// pool): a burst of posts opening hundreds of connections to one host waits on it.
const lookups = new Map<string, { at: number; addresses: LookupAddress[] }>();
const LOOKUP_TTL_MS = 60_000;

function cachedLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  const key = `${hostname}/${options.family ?? 0}`;
  const cached = lookups.get(key);
  const answer = (addresses: LookupAddress[]) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
  };
  if (cached && Date.now() - cached.at < LOOKUP_TTL_MS && cached.addresses.length > 0) {
    answer(cached.addresses);
    return;
  }
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '');
      return;
    }
    lookups.set(key, { at: Date.now(), addresses });
    answer(addresses);
  });
}
