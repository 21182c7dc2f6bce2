/**
 * The password reset link's token, taken out of the address bar once read (it would otherwise
 * stay in the history, the tab's title bar and anything that reads `location`). It is kept in
 * this tab's session storage instead, so a reload of the page still works, and forgotten once
 * the password is set.
 */
const RESET_TOKEN_KEY = 'postloom:resetToken';

export function readResetToken(fromUrl: string | null): string {
  try {
    if (fromUrl) sessionStorage.setItem(RESET_TOKEN_KEY, fromUrl);
    return fromUrl ?? sessionStorage.getItem(RESET_TOKEN_KEY) ?? '';
  } catch {
    // storage can be disabled: the token from the address still works for this page
    return fromUrl ?? '';
  }
}

export function forgetResetToken(): void {
  try {
    sessionStorage.removeItem(RESET_TOKEN_KEY);
  } catch {
    // nothing stored
  }
}
