import type { Context, MiddlewareHandler } from 'hono';
import { AUTH_MESSAGES } from '../../shared/http/errors.js';
import { AppError } from '../core/errors.js';
import type { AppEnv } from './types.js';

/** Answers 401 `not_authenticated` unless a valid session came with the request. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user || !c.var.session) throw new AppError('not_authenticated', 'Not authenticated');
  return next();
};

/** The signed-in user, for handlers behind `requireAuth`. */
export function currentUser(c: Context<AppEnv>) {
  const user = c.var.user;
  if (!user) throw new AppError('session_expired', AUTH_MESSAGES.session_expired);
  return user;
}
