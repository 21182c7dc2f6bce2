import type { MiddlewareHandler } from 'hono';
import { AppError } from '../core/errors.js';
import type { AppEnv } from '../http/types.js';
import { operationOf } from './operation.js';
import { scopeForOperation } from './route-scopes.js';
import type { TokenRateLimiter } from './token-rate-limit.js';

export const TOKEN_NOT_ALLOWED =
  'This operation is not available with an API token: use the Postloom web app for it.';

/**
 * For requests made with an API token (no effect on the web app's session): counts the request
 * against the token's per-minute limit (RateLimit-* headers on every answer, 429 with
 * Retry-After past it), then lets it through only to an operation the token's scopes cover.
 * Operations mapped to null, and any operation not in the map, are refused to every token.
 */
export function apiTokenGuard(limiter: TokenRateLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.var.apiToken;
    if (!token) return next();
    const decision = await limiter.consume(token.id);
    const setHeaders = () => {
      c.header('RateLimit-Limit', String(decision.limit));
      c.header('RateLimit-Remaining', String(decision.remaining));
      c.header('RateLimit-Reset', String(decision.resetSeconds));
    };
    setHeaders();
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.resetSeconds));
      throw new AppError(
        'rate_limited',
        `This API token made more than ${decision.limit} requests this minute. Try again in ${decision.resetSeconds} seconds.`,
      );
    }
    const operation = operationOf(c);
    // No route answers: let the request through to the ordinary 404.
    if (operation) {
      const scope = scopeForOperation(operation.method, operation.path);
      if (typeof scope !== 'string') throw new AppError('forbidden', TOKEN_NOT_ALLOWED);
      if (!token.scopes.includes(scope)) {
        throw new AppError(
          'insufficient_scope',
          `This API token lacks the "${scope}" scope needed for ${operation.method} ${operation.path}.`,
          { details: { scope } },
        );
      }
    }
    await next();
    // The answer is built by now (a handler's own Response gets no prepared headers): set them on it.
    setHeaders();
  };
}
