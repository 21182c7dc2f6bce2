import { Lucia, TimeSpan } from 'lucia';
import type { Config } from '../config.js';
import type { EventBus } from '../core/event-bus.js';
import type { Db } from '../db/database.js';
import { createSessionAdapter } from './session-adapter.js';

export const SESSION_COOKIE_NAME = 'postloom_session';
/** Remember me: 30 days, extended by Lucia when used. */
const REMEMBERED_SESSION_DAYS = 30;

export function createLucia(db: Db, config: Config, events: EventBus) {
  return new Lucia(createSessionAdapter(db, events), {
    sessionExpiresIn: new TimeSpan(REMEMBERED_SESSION_DAYS, 'd'),
    sessionCookie: {
      name: SESSION_COOKIE_NAME,
      expires: true,
      attributes: { secure: config.isHttps, sameSite: 'lax', path: '/' },
    },
    getSessionAttributes: (attributes) => attributes,
    getUserAttributes: (attributes) => attributes,
  });
}

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    DatabaseSessionAttributes: {
      remember: boolean;
      kind: 'cookie' | 'token';
      lastUsedAt?: number;
      /** The session's user agent and address are recorded (for the active-sessions list). */
      hasClientInfo?: boolean;
    };
    DatabaseUserAttributes: {
      email: string;
      emailConfirmedAt: number | null;
      timezone: string;
      language: string;
      timeFormat: '12h' | '24h' | null;
      setupComplete: boolean;
      hasPassword: boolean;
      createdAt: number;
    };
  }
}
