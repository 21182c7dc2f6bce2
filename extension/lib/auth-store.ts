import { browser } from 'wxt/browser';
import { AUTH_MESSAGES } from '../../shared/http/errors';

/**
 * The bearer token lives in the extension's own storage.local: no web page can read it (unlike
 * localStorage of a site), and content scripts are not used.
 */
export interface StoredAuth {
  token: string;
  expiresAt: string;
  email: string | null;
}

const AUTH_KEY = 'auth';
const NOTICE_KEY = 'authNotice';

export const SESSION_EXPIRED_MESSAGE = AUTH_MESSAGES.session_expired;

function isStoredAuth(value: unknown): value is StoredAuth {
  const auth = value as StoredAuth | undefined;
  return typeof auth?.token === 'string' && auth.token.length > 0 && typeof auth.expiresAt === 'string';
}

export async function getAuth(): Promise<StoredAuth | null> {
  const value = (await browser.storage.local.get(AUTH_KEY))[AUTH_KEY];
  if (!isStoredAuth(value)) return null;
  // A token past its expiry is treated like a revoked one.
  if (Date.parse(value.expiresAt) <= Date.now()) {
    await expireAuth();
    return null;
  }
  return value;
}

export async function saveAuth(auth: StoredAuth): Promise<void> {
  await browser.storage.local.set({ [AUTH_KEY]: auth });
  await browser.storage.local.remove(NOTICE_KEY);
}

/** Signed out on purpose: no notice. */
export async function clearAuth(): Promise<void> {
  await browser.storage.local.remove([AUTH_KEY, NOTICE_KEY]);
}

/** The server refused the token (401) or it expired: back to sign-in with the spec's message. */
export async function expireAuth(): Promise<void> {
  await browser.storage.local.remove(AUTH_KEY);
  await browser.storage.local.set({ [NOTICE_KEY]: SESSION_EXPIRED_MESSAGE });
}

export async function getAuthNotice(): Promise<string | null> {
  const value = (await browser.storage.local.get(NOTICE_KEY))[NOTICE_KEY];
  return typeof value === 'string' ? value : null;
}

/** Calls `listener` whenever the stored sign-in changes (any context: popup, options, background). */
export function onAuthChanged(listener: () => void, signal?: AbortSignal): void {
  const handler = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && (AUTH_KEY in changes || NOTICE_KEY in changes)) listener();
  };
  browser.storage.onChanged.addListener(handler);
  signal?.addEventListener('abort', () => browser.storage.onChanged.removeListener(handler));
}
