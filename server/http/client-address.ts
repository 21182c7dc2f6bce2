import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isLoopbackAddress, isLoopbackHostname, parseAddress } from '../core/addresses.js';
import type { AppEnv } from './types.js';

/**
 * The client's address. With TRUST_PROXY on, the right-most X-Forwarded-For entry that our own
 * proxies did not add: each of the TRUST_PROXY_HOPS proxies appends the address it saw, so the
 * entry TRUST_PROXY_HOPS from the right was written by the outermost trusted proxy. Entries to
 * its left come from the client and are never believed.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const { TRUST_PROXY, TRUST_PROXY_HOPS } = c.var.deps.config;
  if (TRUST_PROXY) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = hops[Math.max(0, hops.length - TRUST_PROXY_HOPS)];
    if (entry && parseAddress(entry)) return entry;
  }
  return socketAddress(c) ?? 'unknown';
}

/** The peer of the TCP connection (undefined for in-process requests). */
function socketAddress(c: Context<AppEnv>): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** Headers a proxy, load balancer or CDN adds when it forwards a request for someone else. */
const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'via',
] as const;

/**
 * A client on this machine talking to us directly: a loopback peer, no proxy header of any kind,
 * and a loopback name in Host. A reverse proxy on the same machine also connects from loopback,
 * but it says so in a header, or passes on the public name the browser asked for.
 */
export function isDirectLocalClient(c: Context<AppEnv>): boolean {
  const peer = socketAddress(c);
  if (!peer || !isLoopbackAddress(peer)) return false;
  if (PROXY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  const host = c.req.header('host');
  if (!host) return false;
  try {
    return isLoopbackHostname(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}
