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
