import type { ErrorHandler, MiddlewareHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { GENERIC_MESSAGES } from '../../shared/http/errors.js';
import { AppError } from '../core/errors.js';
import type { AppEnv } from './types.js';

/** One line per request: method, path without query (queries can carry codes and signatures), status, time. */
export const requestLogger: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  const path = c.req.path;
  if (path === '/api/health' || path === '/api/events') return;
  c.var.deps.logger.info('request', {
    requestId: c.var.requestId,
    method: c.req.method,
    path,
    status: c.res.status,
    ms: Math.round(performance.now() - started),
  });
};

/** The one error mapper: AppError as it is, anything else a 500 that leaks nothing. */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  const requestId = c.var.requestId;
  if (err instanceof AppError) {
    return c.json(err.toBody(), err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 413)
      return c.json({ code: 'payload_too_large', message: 'The upload is too large.' }, 413);
    if (status < 500) {
      return c.json({ code: 'validation_error', message: err.message || 'Bad request' }, status);
    }
  }
  c.var.deps.logger.error('unhandled error', {
    requestId,
    method: c.req.method,
    path: c.req.path,
    error: err,
  });
  return c.json({ code: 'internal_error', message: GENERIC_MESSAGES.internal_error, requestId }, 500);
};

export const apiNotFound: NotFoundHandler<AppEnv> = (c) =>
  c.json({ code: 'not_found', message: GENERIC_MESSAGES.not_found }, 404);

/**
 * CSRF for cookie-authenticated writes: the Origin (or Referer) must be APP_URL's.
 * Bearer-token clients (the extension, scripts) are not exposed to CSRF and are let through.
 */
export const csrfProtection: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
  if (c.req.header('authorization')?.startsWith('Bearer ')) return next();
  // Exchanging credentials for a bearer token sets no cookie and a cross-site page cannot read the
  // answer: the extension's sign-in (sent with its chrome-extension:// Origin) must pass.
  if (method === 'POST' && c.req.path === '/api/auth/token') return next();
  // Lemon Squeezy's webhook is a server-to-server call authenticated by its body's signature; the
  // handler never reads the session, so exempting this one exact route opens nothing else.
  if (method === 'POST' && c.req.path === '/api/billing/webhook') return next();
  const expected = new URL(c.var.deps.config.APP_URL).origin;
  const origin = c.req.header('origin') ?? refererOrigin(c.req.header('referer'));
  // Non-browser clients (tests, curl) send neither header; a browser always sends Origin on a cross-site POST.
  if (origin && origin !== expected) {
    throw new AppError('forbidden', GENERIC_MESSAGES.forbidden);
  }
  return next();
};

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * On every response: no page of ours may be framed by another site (clickjacking of the
 * connect-extension, consent or settings pages), and no response is sniffed as another type.
 * A route's own Content-Security-Policy keeps its directives and gains frame-ancestors.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const csp = c.res.headers.get('content-security-policy');
  if (!csp) c.res.headers.set('content-security-policy', "frame-ancestors 'none'");
  else if (!/frame-ancestors/.test(csp))
    c.res.headers.set('content-security-policy', `${csp}; frame-ancestors 'none'`);
  c.res.headers.set('x-frame-options', 'DENY');
  if (!c.res.headers.has('x-content-type-options')) c.res.headers.set('x-content-type-options', 'nosniff');
};
