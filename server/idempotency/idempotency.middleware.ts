import type { MiddlewareHandler } from 'hono';
import { operationOf } from '../api-tokens/operation.js';
import { scopeForOperation } from '../api-tokens/route-scopes.js';
import { AppError } from '../core/errors.js';
import type { AppEnv } from '../http/types.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  type IdempotencyOwner,
  releaseIdempotencyKey,
} from './idempotency.repository.js';
import { digestingRequest } from './request-digest.js';

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  reused:
    'This Idempotency-Key was already used with a different request (another body or operation) in the last 24 hours. Use a new key for a new request.',
  inUse: 'A request with this Idempotency-Key is still being processed. Retry in a moment to get its answer.',
} as const;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
// A digest not known a moment after the answer means the handler left the body half read.
const DIGEST_WAIT_MS = 1_000;

/**
 * `Idempotency-Key` on the API's POST operations (those a token scope covers), as Stripe does it:
 * the key is claimed in the database before the handler runs; the first successful answer is kept
 * 24 hours and replayed (with `Idempotent-Replayed: true`) to a retry with the same body; the same
 * key with another body or operation answers 422; a retry while the first is still running
 * answers 409 at once rather than waiting. An answer that is not a success stores nothing and the
 * key may be used again. Keys belong to the user and the token (the web app's session counts as
 * one more caller): the web app may send them too.
 */
export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header('idempotency-key');
  const user = c.var.user;
  if (c.req.method !== 'POST' || key === undefined || !user) return next();
  const operation = operationOf(c);
  if (!operation || typeof scopeForOperation(operation.method, operation.path) !== 'string') return next();
  if (!KEY_PATTERN.test(key)) {
    throw new AppError('validation_error', IDEMPOTENCY_MESSAGES.invalidKey, { field: 'Idempotency-Key' });
  }
  const { db } = c.var.deps;
  const owner: IdempotencyOwner = { userId: user.id, tokenId: c.var.apiToken?.id ?? '', key };
  const operationName = `${operation.method} ${operation.path}`;
  const body = digestingRequest(c.req.raw);
  c.req.raw = body.request;

  if (await claimIdempotencyKey(db, owner, operationName, Date.now())) {
    try {
      await next();
    } finally {
      const res = c.res;
      const isJson = res.headers.get('content-type')?.includes('json') ?? false;
      if (res.status >= 200 && res.status < 300 && isJson) {
        const requestHash = await digestWithin(body.drain(), DIGEST_WAIT_MS);
        const responseBody = await res.clone().text();
        await completeIdempotencyKey(db, owner, { requestHash, responseStatus: res.status, responseBody });
      } else {
        await releaseIdempotencyKey(db, owner);
      }
    }
    return;
  }

  const first = await findIdempotencyKey(db, owner);
  if (!first || first.status === 'pending')
    throw new AppError('idempotency_key_in_use', IDEMPOTENCY_MESSAGES.inUse);
  if (first.operation !== operationName) {
    throw new AppError('idempotency_key_reused', IDEMPOTENCY_MESSAGES.reused, { field: 'Idempotency-Key' });
  }
  const requestHash = await body.drain();
  if (first.requestHash !== null && first.requestHash !== requestHash) {
    throw new AppError('idempotency_key_reused', IDEMPOTENCY_MESSAGES.reused, { field: 'Idempotency-Key' });
  }
  return c.newResponse(first.responseBody, (first.responseStatus ?? 200) as 200, {
    'content-type': 'application/json; charset=UTF-8',
    'idempotent-replayed': 'true',
  });
};

/**
 * The body's digest, or null when it is not known in time (the handler left the body half read):
 * a later request with this key is then replayed whatever its body.
 */
async function digestWithin(digest: Promise<string>, ms: number): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(resolve, ms, null);
  });
  try {
    return await Promise.race([digest, late]);
  } finally {
    clearTimeout(timer);
  }
}
