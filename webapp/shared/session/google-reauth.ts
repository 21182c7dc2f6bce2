import { RETURN_TO_KEY } from './return-to';

/** Marks a "Confirm with Google" under way (the callback page then confirms, not signs in). */
const REAUTH_KEY = 'postloom:googleReauth';

/**
 * "Confirm with Google" from a settings page: the browser goes to Google and comes back to
 * `returnTo` with the current session confirmed (no new sign-in).
 */
export function startGoogleReauth(returnTo: string): void {
  try {
    sessionStorage.setItem(REAUTH_KEY, returnTo);
    sessionStorage.setItem(RETURN_TO_KEY, returnTo);
  } catch {
    // storage disabled: the callback page falls back to the dashboard
  }
  window.location.assign('/api/auth/google/start?reauth=true');
}

/** The page a "Confirm with Google" started from (read once), or null for a sign-in. */
export function takeGoogleReauth(): string | null {
  try {
    const path = sessionStorage.getItem(REAUTH_KEY);
    sessionStorage.removeItem(REAUTH_KEY);
    return path?.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
