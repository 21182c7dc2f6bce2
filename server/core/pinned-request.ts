import dns from 'node:dns';
import net from 'node:net';
import { Agent } from 'undici';
import { isPublicAddress } from './addresses.js';

/** True when a connection to `address` (resolved from `url`) must be refused. */
export type AddressPolicy = (address: string, url: URL) => boolean;

/** Refuses every address that is not globally routable (core/addresses.ts). */
export const refuseNonPublic: AddressPolicy = (address) => !isPublicAddress(address);

export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export class TargetRefused extends Error {
  constructor(readonly reason: 'unresolved' | 'private') {
    super(reason === 'private' ? 'The address is private or local.' : 'The address could not be resolved.');
  }
}

/**
 * Resolves the host once and checks every address it has; the request then connects to exactly
 * the address checked (see pinnedAgent), so a second DNS answer cannot swap in a private one.
 * One refused answer is enough: a host that mixes public and private addresses is not trusted.
 */
export async function resolveTarget(url: URL, isRefused: AddressPolicy | null): Promise<ResolvedTarget> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new TargetRefused('unresolved');
    }
  }
  if (addresses.length === 0) throw new TargetRefused('unresolved');
  if (isRefused && addresses.some((entry) => isRefused(entry.address, url)))
    throw new TargetRefused('private');
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** An undici agent whose every connection goes to the checked address. */
export function pinnedAgent(
  target: ResolvedTarget,
  timeouts: { connect: number; headers: number; body: number },
): Agent {
  return new Agent({
    connect: {
      timeout: timeouts.connect,
      lookup: (_hostname, options, callback) => {
        if ((options as { all?: boolean }).all) {
          (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
            { address: target.address, family: target.family },
          ]);
        } else {
          callback(null, target.address, target.family);
        }
      },
    },
    headersTimeout: timeouts.headers,
    bodyTimeout: timeouts.body,
    connections: 1,
  });
}
