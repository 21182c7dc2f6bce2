import dns, { type LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import { Agent, buildConnector } from 'undici';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { Config } from '../config.js';
import { BurstPool } from './burst-pool.js';
import { platformUrl } from './platform-endpoints.js';

/**
 * The connections platform requests travel on. Most go through one keep-alive agent, a bounded
 * number of sockets per origin. A burst of posts due in the same second gets a pool of its own
 * per host (burst-pool.ts): before it, `preconnect` opens one connection per post up to
 * PUBLISH_BURST_CONNECTIONS, and the burst's requests are written on them as prepared bytes
 * (http1-exchange.ts), each connection taking the next request as soon as it has read an
 * answer. The due moment pays for no handshake, no search for a free connection (the agent's
 * pool searches its thousands of busy clients on every request) and no HTTP client set up per
 * connection. While a host's pool has connections, its other requests (the posts' next calls)
 * go on them too.
 */
const connectNew = buildConnector({ timeout: 10_000, lookup: cachedLookup });

export const agent = new Agent({
  connections: 4096,
  keepAliveTimeout: 30_000,
  connect: connectNew,
});

const pools = new Map<string, BurstPool>();

/** The pool opened for a burst to `origin`, while it has connections. */
export function burstPool(origin: string): BurstPool | null {
  return pools.get(origin) ?? null;
}

function ignore(): void {}

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
 * Opens connections (TCP, and TLS for real hosts) to the platform's API host ahead of a burst
 * of `posts`, without sending anything on them: one per post, up to PUBLISH_BURST_CONNECTIONS
 * for the host (platforms served by one host, as by the sandbox, share them).
 */
export async function preconnect(config: Config, platform: PlatformId, posts: number): Promise<void> {
  const target = new URL(platformUrl(config, platform, `${API_ORIGINS[platform]}/`));
  const origin = target.origin;
  let pool = pools.get(origin);
  if (!pool) {
    const created = new BurstPool(
      () =>
        new Promise<Socket | null>((resolve) => {
          connectNew(
            { protocol: target.protocol, hostname: target.hostname, host: target.host, port: target.port },
            (error, socket) => {
              // Kept for the socket's life: a connection may be reset while nobody's request is on it.
              socket?.on('error', ignore);
              resolve(error ? null : socket);
            },
          );
        }),
      config.PUBLISH_REQUEST_TIMEOUT_MS,
      () => {
        if (pools.get(origin) === created) pools.delete(origin);
      },
    );
    pool = created;
    pools.set(origin, pool);
  }
  await pool.grow(Math.min(pool.size + posts, config.PUBLISH_BURST_CONNECTIONS));
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
