/** Written by the protected-route guard: where a signed-out visit wanted to go. */
export const RETURN_TO_KEY = 'postloom:returnTo';

/** The remembered origin path if it is a path of this app, or the fallback. Does not forget it. */
export function peekReturnTo(fallback = '/dashboard'): string {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(RETURN_TO_KEY);
  } catch {
    // storage can be disabled; the fallback is fine
  }
  // Only same-app paths: never an absolute or protocol-relative address.
  if (!path?.startsWith('/') || path.startsWith('//')) return fallback;
  return path;
}

export function clearReturnTo(): void {
  try {
    sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    // storage disabled
  }
}

/** The remembered origin path (read once, then forgotten), or /dashboard. */
export function takeReturnTo(fallback = '/dashboard'): string {
  const path = peekReturnTo(fallback);
  clearReturnTo();
  return path;
}
