import { WEBHOOK_MESSAGES } from '../../shared/webhooks/api.js';
import { isLoopbackAddress, isLoopbackHostname, isPublicAddress } from '../core/addresses.js';
import { AppError } from '../core/errors.js';
import {
  type AddressPolicy,
  type ResolvedTarget,
  refuseNonPublic,
  resolveTarget,
  TargetRefused,
} from '../core/pinned-request.js';

interface TargetOptions {
  /** WEBHOOKS_ALLOW_LOOPBACK: development receivers on this machine, over http too. */
  allowLoopback: boolean;
}

/**
 * The address a webhook may be sent to: https, or http to a loopback name when development
 * allows it; no credentials in it. Throws a validation_error on `url` saying why not.
 */
export function parseWebhookUrl(raw: string, options: TargetOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refusal(WEBHOOK_MESSAGES.url);
  }
  if (url.username || url.password) throw refusal(WEBHOOK_MESSAGES.url);
  const isLoopbackHttp =
    url.protocol === 'http:' && options.allowLoopback && isLoopbackHostname(url.hostname);
  if (url.protocol !== 'https:' && !isLoopbackHttp) throw refusal(WEBHOOK_MESSAGES.https);
  return url;
}

/**
 * Resolves the address once and checks every answer with the guard media-from-URL and Web Push
 * use (core/pinned-request.ts): the request then connects to exactly the address checked. Only
 * public addresses pass, and loopback ones too when development allows them (plain http only
 * to loopback).
 */
export async function checkWebhookTarget(url: URL, options: TargetOptions): Promise<ResolvedTarget> {
  try {
    return await resolveTarget(url, addressPolicy(url, options));
  } catch (error) {
    if (error instanceof TargetRefused) {
      throw refusal(
        error.reason === 'private' ? WEBHOOK_MESSAGES.privateAddress : WEBHOOK_MESSAGES.unresolved,
      );
    }
    throw error;
  }
}

function addressPolicy(url: URL, options: TargetOptions): AddressPolicy {
  if (!options.allowLoopback) return refuseNonPublic;
  if (url.protocol === 'http:') return (address) => !isLoopbackAddress(address);
  return (address) => !isPublicAddress(address) && !isLoopbackAddress(address);
}

function refusal(message: string): AppError {
  return new AppError('validation_error', message, { field: 'url' });
}
