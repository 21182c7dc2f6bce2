import { browser } from 'wxt/browser';

/** The build's server (APP_URL at build time); the options page may replace it. */
const DEFAULT_SERVER_URL: string =
  (import.meta.env as Record<string, string | undefined>).POSTLOOM_SERVER_URL ?? 'http://localhost:3000';

const KEY = 'serverUrl';

/** `https://host[:port]` without a trailing slash, or null when the value is no http(s) address. */
export function normalizeServerUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export async function getServerUrl(): Promise<string> {
  const stored = (await browser.storage.local.get(KEY))[KEY];
  return typeof stored === 'string' && normalizeServerUrl(stored) ? stored : DEFAULT_SERVER_URL;
}

export async function setServerUrl(value: string): Promise<string> {
  const url = normalizeServerUrl(value);
  if (!url) throw new Error('Please enter the address of your Postloom server (http or https).');
  await browser.storage.local.set({ [KEY]: url });
  return url;
}

/** The match pattern host permissions use for a server (patterns carry no port). */
export function hostPermissionPattern(serverUrl: string): string {
  const url = new URL(serverUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
