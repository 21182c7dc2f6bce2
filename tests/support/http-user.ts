import { createCipher, loadEncryptionKey } from '../../server/core/crypto.js';
import { openOutboxBody } from '../../server/mail/mailer.js';
import { openServerDatabase } from './spawn-server.js';

/**
 * Helpers for tests and benchmarks that drive a REAL server over HTTP (startServer):
 * sign up, confirm through the outbox, get a bearer token, connect sandbox accounts.
 */
export interface HttpUser {
  email: string;
  password: string;
  token: string;
}

/** A started server: its address, DATA_DIR and database. */
interface ServerOnDisk {
  url: string;
  dataDir: string;
  databaseUrl?: string;
  /** ENCRYPTION_KEY the server was started with; unset: the key it generated into DATA_DIR. */
  encryptionKey?: string;
}

export async function createConfirmedUser(
  server: ServerOnDisk,
  email: string,
  password = 'test-pass-1',
): Promise<HttpUser> {
  const signup = await post(server.url, '/api/auth/signup', {
    email,
    password,
    timezone: 'UTC',
    language: 'en',
  });
  if (!signup.ok) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const text = await lastMailText(server, email);
  const token = /\/auth\/confirm\?token=([\w%-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no confirmation link in the mail to ${email}`);
  const confirm = await post(server.url, '/api/auth/confirm', { token: decodeURIComponent(token) });
  if (!confirm.ok) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
  const issued = await post(server.url, '/api/auth/token', { email, password });
  if (!issued.ok) throw new Error(`token: ${issued.status} ${await issued.text()}`);
  return { email, password, token: ((await issued.json()) as { token: string }).token };
}

/** The newest outbox message to an address, decrypted with DATA_DIR's key. */
export async function lastMailText(server: Omit<ServerOnDisk, 'url'>, to: string): Promise<string> {
  const db = openServerDatabase(server);
  try {
    const row = await db
      .selectFrom('mailOutbox')
      .select('text')
      .where('toAddress', '=', to)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw new Error(`no mail to ${to}`);
    return openOutboxBody(createCipher(loadEncryptionKey(server.encryptionKey, server.dataDir)), row.text);
  } finally {
    await db.destroy();
  }
}

export async function apiCall<T = Record<string, unknown>>(
  baseUrl: string,
  token: string,
  pathname: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/**
 * Connects a platform through the sandbox with auto-approve: follows the authorize URL to the
 * callback redirect, posts code and state, and picks every Facebook Page. Returns the account ids.
 */
export async function connectSandboxAccount(
  baseUrl: string,
  token: string,
  platform: string,
): Promise<string[]> {
  const { url } = await apiCall<{ url: string }>(baseUrl, token, `/api/accounts/${platform}/connect`);
  const consent = await fetch(url, { redirect: 'manual' });
  const location = consent.headers.get('location');
  if (!location) throw new Error(`no redirect from the ${platform} consent page (is auto-approve on?)`);
  const callback = new URL(location.replace(/#_$/, ''), baseUrl);
  const result = await apiCall<{ choosePages?: { selectionId: string; pages: Array<{ id: string }> } }>(
    baseUrl,
    token,
    `/api/accounts/${platform}/callback`,
    { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
  );
  if (result.choosePages) {
    await apiCall(baseUrl, token, '/api/accounts/facebook/pages', {
      selectionId: result.choosePages.selectionId,
      pageIds: result.choosePages.pages.map((p) => p.id),
    });
  }
  const { accounts } = await apiCall<{ accounts: Array<{ id: string; platform: string }> }>(
    baseUrl,
    token,
    '/api/accounts',
  );
  return accounts.filter((a) => a.platform === platform).map((a) => a.id);
}

async function post(baseUrl: string, pathname: string, body: unknown) {
  return fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
