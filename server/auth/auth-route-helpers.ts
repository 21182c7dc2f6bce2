// The auth routes' helpers: their rate limits, the Google state cookie and the session's id.
import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { z } from 'zod';
import { GENERIC_MESSAGES } from '../../shared/http/errors.js';
import { ACCOUNT_SECURITY_MESSAGES } from '../../shared/settings/account-security.js';
import { AppError } from '../core/errors.js';
import { sha256Hex } from '../core/ids.js';
import { createLimiter, rateLimit } from '../http/rate-limit.js';
import type { AppEnv } from '../http/types.js';
import { findUserById } from './auth.repository.js';
import type { setSessionCookie } from './session.middleware.js';

export const GOOGLE_STATE_COOKIE = 'postloom_google_state';

export const GoogleStartQuery = z.object({
  remember: z.enum(['true', 'false']).optional(),
  /** Confirm the signed-in user again (account deletion without a password). */
  reauth: z.enum(['true', 'false']).optional(),
});

/** The SHA-256 id of the request's session, or null. */
export function currentSessionId(c: Context<AppEnv>): string | null {
  return c.var.session ? sha256Hex(c.var.session.id) : null;
}

/** Who starts "Confirm with Google": a web app session of a user linked to Google. */
export async function reauthStarter(c: Context<AppEnv>) {
  const { session, user } = c.var;
  if (!session || !user) throw new AppError('not_authenticated', 'Not authenticated');
  if (session.kind !== 'cookie') throw new AppError('forbidden', GENERIC_MESSAGES.forbidden);
  const linked = await findUserById(c.var.deps.db, user.id);
  if (!linked?.googleSub) throw new AppError('forbidden', ACCOUNT_SECURITY_MESSAGES.googleWrongAccount);
  return { userId: user.id, sessionId: sha256Hex(session.id), email: user.email };
}

export function clearGoogleStateCookie(c: Parameters<typeof setSessionCookie>[0]) {
  setCookie(c, GOOGLE_STATE_COOKIE, '', {
    path: '/api/auth/google',
    maxAge: 0,
    httpOnly: true,
    sameSite: 'Lax',
  });
}

/**
 * Per client network (IPv4 address or IPv6 /64), RATE_LIMIT_AUTH_PER_MINUTE requests a minute. GET /session is polled
 * by the web app, so it spends its own bucket and never eats sign-in attempts.
 */
export function authRateLimit(): MiddlewareHandler<AppEnv> {
  let limits: { actions: ReturnType<typeof rateLimit>; session: ReturnType<typeof rateLimit> } | undefined;
  return async (c, next) => {
    const perMinute = c.var.deps.config.RATE_LIMIT_AUTH_PER_MINUTE;
    limits ??= {
      actions: rateLimit({ name: 'auth', perMinute }),
      session: rateLimit({ name: 'auth-session', perMinute }),
    };
    const limit = c.req.method === 'GET' && c.req.path.endsWith('/session') ? limits.session : limits.actions;
    return limit(c, next);
  };
}

/**
 * Per e-mail address, whatever the client's address: RATE_LIMIT_EMAIL_PER_HOUR sign-ups,
 * confirmation and reset mails an hour, so nobody can flood one inbox from many machines.
 */
export function emailRateLimit() {
  let limit: ReturnType<typeof createLimiter> | undefined;
  return (c: Context<AppEnv>, email: string): Promise<void> => {
    const perHour = c.var.deps.config.RATE_LIMIT_EMAIL_PER_HOUR;
    limit ??= createLimiter({ name: 'auth-email', perMinute: perHour / 60, windowMinutes: 60 });
    return limit(c, email.trim().toLowerCase());
  };
}
