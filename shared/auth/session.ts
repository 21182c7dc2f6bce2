/**
 * Spec 01 section 9: without "remember me" a session ends after this long without activity. The
 * server ends it (session middleware, push and the live stream skip it); the web app signs out
 * after as many idle minutes in the tab and warns in the last five.
 */
export const IDLE_SESSION_MINUTES = 30;

/** The user as `GET /api/auth/session` returns it. */
export interface SessionUser {
  id: string;
  email: string;
  emailConfirmed: boolean;
  timezone: string;
  language: string;
  timeFormat: '12h' | '24h' | null;
  setupComplete: boolean;
  hasPassword: boolean;
  createdAt: string;
}

/** `GET /api/auth/session` always answers 200; signed out is `{ user: null }`, not an error. */
export interface SessionResponse {
  user: SessionUser | null;
}
