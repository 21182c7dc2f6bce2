/**
 * The sign-up waiting for confirmation, kept in this browser for 10 minutes (spec 01
 * section 4). Deliberately only the e-mail and the time: never the password.
 */
const KEY = 'postloom:pendingSignup';
export const PENDING_SIGNUP_TTL_MS = 10 * 60_000;

export interface PendingSignup {
  email: string;
  createdAt: number;
}

export function savePendingSignup(email: string, now = Date.now()): PendingSignup {
  const pending = { email, createdAt: now };
  try {
    localStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // storage disabled: the screen still works for this visit
  }
  return pending;
}

export function readPendingSignup(now = Date.now()): PendingSignup | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingSignup>;
    if (typeof value.email !== 'string' || typeof value.createdAt !== 'number') throw new Error('bad');
    if (now - value.createdAt > PENDING_SIGNUP_TTL_MS) throw new Error('expired');
    return { email: value.email, createdAt: value.createdAt };
  } catch {
    clearPendingSignup();
    return null;
  }
}

export function clearPendingSignup(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // storage disabled
  }
}
