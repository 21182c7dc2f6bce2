import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { API_TOKEN_PREFIX } from '../../shared/api-tokens/api-tokens.js';
import { IDLE_SESSION_MINUTES } from '../../shared/auth/session.js';
import { authenticateApiToken } from '../api-tokens/authenticate-api-token.js';
import { sha256Hex } from '../core/ids.js';
import { clientAddress } from '../http/client-address.js';
import type { AppEnv, AuthSession } from '../http/types.js';
import { SESSION_COOKIE_NAME } from './lucia.js';

const IDLE_MS = IDLE_SESSION_MINUTES * 60_000;
// Writing last_used_at on every request is wasteful; a minute of precision is enough.
const TOUCH_EVERY_MS = 30_000;

/**
 * Reads the session from `Authorization: Bearer` or the session cookie; sets `user` and `session`
 * (and `apiToken` for a `Bearer pl_…` API token).
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', null);
  c.set('session', null);
  c.set('apiToken', null);
  const { lucia, db } = c.var.deps;
  const bearer = lucia.readBearerToken(c.req.header('authorization') ?? '');
  // Programs' API tokens (issue 27) are not sessions: their own table, scopes and limits.
  if (bearer?.startsWith(API_TOKEN_PREFIX)) {
    await authenticateApiToken(c, bearer);
    return next();
  }
  const cookieToken = getCookie(c, SESSION_COOKIE_NAME) ?? null;
  const token = bearer ?? cookieToken;
  if (!token) return next();

  const { session, user } = await lucia.validateSession(token);
  if (!session || !user) {
    if (!bearer && cookieToken) deleteCookie(c, SESSION_COOKIE_NAME, { path: '/' });
    return next();
  }
  const now = Date.now();
  const lastUsedAt = session.lastUsedAt ?? now;
  if (!session.remember && now - lastUsedAt > IDLE_MS) {
    await lucia.invalidateSession(session.id);
    if (!bearer) deleteCookie(c, SESSION_COOKIE_NAME, { path: '/' });
    return next();
  }
  if (now - lastUsedAt > TOUCH_EVERY_MS || !session.hasClientInfo) {
    // Where it is used from, for the active-sessions list in Privacy & Security.
    await db
      .updateTable('sessions')
      .set({
        lastUsedAt: now,
        userAgent: (c.req.header('user-agent') ?? '').slice(0, 300),
        ip: clientAddress(c),
      })
      .where('id', '=', sha256Hex(session.id))
      .execute();
  }
  if (session.fresh && !bearer && session.remember) {
    setSessionCookie(c, session.id, { remember: true, expiresAt: session.expiresAt });
  }
  c.set('session', {
    id: session.id,
    userId: session.userId,
    expiresAt: session.expiresAt,
    remember: session.remember,
    kind: session.kind,
    fresh: session.fresh,
  } satisfies AuthSession);
  c.set('user', { ...user, id: user.id });
  return next();
};

/**
 * HttpOnly, SameSite=Lax, Secure on https. Remember me: a 30-day cookie; otherwise a
 * browser-session cookie (no Max-Age) and the server's 30-minute idle rule.
 */
export function setSessionCookie(
  c: Context<AppEnv>,
  token: string,
  options: { remember: boolean; expiresAt: Date },
): void {
  setCookie(c, SESSION_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.deps.config.isHttps,
    path: '/',
    ...(options.remember ? { expires: options.expiresAt } : {}),
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE_NAME, { path: '/', secure: c.var.deps.config.isHttps });
}
