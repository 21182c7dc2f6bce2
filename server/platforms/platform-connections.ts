import dns, { type LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import { Agent, buildConnector, Client, type Dispatcher } from 'undici';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { Config } from '../config.js';
import { WarmConnection } from './http1-exchange.js';
import { platformUrl } from './platform-endpoints.js';

/**
 * The connections platform requests travel on. Most go through one keep-alive agent, a bounded
 * number of sockets per origin. A burst of posts due in the same second gets its own: before
 * it, `preconnect` opens one connection per post, and the burst's first requests take them one
 * by one and are written on them as prepared bytes (http1-exchange.ts): the due moment pays for
 * no handshake, no search for a free connection (the agent's pool searches its thousands of
 * busy clients on every request) and no HTTP client set up per connection. A connection whose
 * answer left it reusable is kept for the posts' next calls, behind an undici client of its own
 * once one needs it.
 */
const connectNew = buildConnector({ timeout: 10_000, lookup: cachedLookup });

export const agent = new Agent({
  connections: 4096,
  keepAliveTimeout: 30_000,
  connect: connectNew,
});

/** Unused warm connections are closed after this (servers drop idle ones, and each holds a file). */
const WARM_TTL_MS = 15_000;
/** A burst's connections are kept this long after their first answer, for the posts' next calls. */
const IDLE_TTL_MS = 20_000;
const MAX_IDLE_PER_ORIGIN = 1000;

interface Kept {
  connection: WarmConnection;
  /** Made when a request first needs it: most of a burst's connections never carry another. */
  client: Client | null;
  since: number;
}

const warm = new Map<string, WarmConnection[]>();
const idle = new Map<string, Kept[]>();

/** A connection opened ahead for `origin` that has carried nothing yet, or null. */
export function takeWarmConnection(origin: string): WarmConnection | null {
  const fresh = warm.get(origin);
  for (let connection = fresh?.pop(); connection; connection = fresh?.pop()) {
    if (connection.isFresh) return connection;
    connection.socket.destroy();
  }
  return null;
}

/** Keeps a connection that carried one answer for the next calls of the burst's posts. */
export function keepIdle(origin: string, connection: WarmConnection): void {
  keep(origin, { connection, client: null, since: Date.now() });
}

function keep(origin: string, entry: Kept): void {
  const kept = idle.get(origin) ?? [];
  idle.set(origin, kept);
  kept.push(entry);
  // Closed later, not as they come back: closing a connection costs the platform's side work
  // too, which would slow the rest of the burst taking its requests in.
  if (!sweeps.has(origin)) sweeps.set(origin, setTimeout(() => sweep(origin), SWEEP_MS).unref());
}

const sweeps = new Map<string, NodeJS.Timeout>();
const SWEEP_MS = 5000;

/** Closes the kept connections nobody took within IDLE_TTL_MS, and the most recent beyond the cap. */
function sweep(origin: string): void {
  sweeps.delete(origin);
  const kept = idle.get(origin) ?? [];
  const now = Date.now();
  let left = 0;
  for (const entry of kept) {
    if (now - entry.since < IDLE_TTL_MS && left < MAX_IDLE_PER_ORIGIN) kept[left++] = entry;
    else close(entry);
  }
  kept.length = left;
  if (left > 0) sweeps.set(origin, setTimeout(() => sweep(origin), SWEEP_MS).unref());
}

function close(entry: Kept): void {
  if (entry.client) entry.client.close().catch(() => undefined);
  else entry.connection.socket.destroy();
}

/** A client of our own for `origin` on a connection a burst has finished with, or null. */
function takeClient(origin: string): Kept | null {
  const kept = idle.get(origin);
  const now = Date.now();
  for (let entry = kept?.pop(); entry; entry = kept?.pop()) {
    const open = entry.client
      ? !entry.client.destroyed && !entry.client.closed
      : !entry.connection.socket.destroyed && !entry.connection.socket.readableEnded;
    if (open && now - entry.since < IDLE_TTL_MS) {
      entry.client ??= clientOn(origin, entry.connection.release());
      return entry;
    }
    close(entry);
  }
  return null;
}

/** An undici client whose first connection is `socket`, already open. */
function clientOn(origin: string, socket: Socket): Client {
  let handed = false;
  return new Client(origin, {
    keepAliveTimeout: 30_000,
    // The open socket once, a new connection should this client ever need another. Answered
    // on the next microtask: undici ignores a connection handed over synchronously.
    connect: (options, callback) => {
      if (handed) return connectNew(options, callback);
      handed = true;
      queueMicrotask(() => callback(null, socket));
    },
  });
}

function ignore(): void {}

/**
 * Dispatches a request on a kept connection of our own when one is there (see above), else
 * through the agent. `handler` must call `done` once the request has its answer or failed.
 */
export function dispatch(
  options: Dispatcher.DispatchOptions & { origin: string },
  makeHandler: (done: () => void) => Dispatcher.DispatchHandler,
): void {
  const entry = takeClient(options.origin);
  if (!entry?.client) {
    agent.dispatch(
      options,
      makeHandler(() => undefined),
    );
    return;
  }
  entry.client.dispatch(
    options,
    makeHandler(() => {
      entry.since = Date.now();
      keep(options.origin, entry);
    }),
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
 * burst, without sending anything on them; the ones left unused are closed after WARM_TTL_MS.
 */
export async function preconnect(config: Config, platform: PlatformId, count: number): Promise<void> {
  const target = new URL(platformUrl(config, platform, `${API_ORIGINS[platform]}/`));
  const origin = target.origin;
  const list = warm.get(origin) ?? [];
  warm.set(origin, list);
  const timeoutMs = config.PUBLISH_REQUEST_TIMEOUT_MS;
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
  const opened = new Set<WarmConnection>();
  for (const socket of sockets) {
    if (!socket) continue;
    // Kept for the socket's life: a connection may be reset while nobody's request is on it.
    socket.on('error', ignore);
    const connection = new WarmConnection(socket, timeoutMs);
    list.push(connection);
    opened.add(connection);
  }
  setTimeout(() => {
    let kept = 0;
    for (const connection of list) {
      if (opened.has(connection)) connection.socket.destroy();
      else list[kept++] = connection;
    }
    list.length = kept;
  }, WARM_TTL_MS).unref();
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
