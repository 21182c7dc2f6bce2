import crypto from 'node:crypto';
import { loadEncryptionKey } from '../core/crypto.js';
import { safeEqual } from '../core/ids.js';
import type { AppDeps } from '../http/types.js';

/**
 * Signed, expiring public addresses for platforms that download media themselves
 * (Instagram, Threads, TikTok photos). The signature is HMAC-SHA256 over `<id>.<expires>`
 * with a key derived from the encryption key, so it survives restarts and cannot be forged
 * without DATA_DIR's secret.
 */
const DEFAULT_TTL_SECONDS = 3600;
const signingKeys = new WeakMap<AppDeps['config'], Buffer>();

function signingKey(deps: AppDeps): Buffer {
  const cached = signingKeys.get(deps.config);
  if (cached) return cached;
  const master = loadEncryptionKey(deps.config.ENCRYPTION_KEY, deps.config.dataDir);
  // A separate key per purpose: the media signature never reveals anything about the token key.
  const key = Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), 'postloom media url v1', 32));
  signingKeys.set(deps.config, key);
  return key;
}

function sign(deps: AppDeps, mediaId: string, expires: number): string {
  return crypto.createHmac('sha256', signingKey(deps)).update(`${mediaId}.${expires}`).digest('base64url');
}

/** `${APP_URL}/api/media/public/<id>?expires=<unix seconds>&signature=<hmac>`. */
export function createPublicMediaUrl(
  deps: AppDeps,
  mediaId: string,
  ttlSeconds = DEFAULT_TTL_SECONDS,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + Math.max(1, Math.floor(ttlSeconds));
  const signature = sign(deps, mediaId, expires);
  const query = new URLSearchParams({ expires: String(expires), signature });
  return `${deps.config.APP_URL}/api/media/public/${encodeURIComponent(mediaId)}?${query}`;
}

type PublicUrlCheck = 'valid' | 'expired' | 'invalid';

export function checkPublicMediaSignature(
  deps: AppDeps,
  mediaId: string,
  expiresParam: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): PublicUrlCheck {
  if (!expiresParam || !signature || !/^\d{1,12}$/.test(expiresParam)) return 'invalid';
  const expires = Number(expiresParam);
  if (!safeEqual(sign(deps, mediaId, expires), signature)) return 'invalid';
  return expires * 1000 > now ? 'valid' : 'expired';
}
