/**
 * How the current session ended, read by the route guard when it sends the user to /login.
 * Kept in module state (not consumed on read) so a double render cannot lose it; cleared when a
 * session exists again.
 */
export interface SessionEnd {
  /** Shown on the login page: a red notice (navigation state `{ error }`), or green with tone 'success'. */
  message?: string;
  tone?: 'error' | 'success';
  /** Remember the page the user was on, so signing in again returns there. */
  rememberOrigin: boolean;
}

let ended: SessionEnd | null = null;

export function markSessionEnded(end: SessionEnd) {
  ended = end;
}

export function getSessionEnd(): SessionEnd | null {
  return ended;
}

export function clearSessionEnd() {
  ended = null;
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again to continue.';
