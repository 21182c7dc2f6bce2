import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { issueEmailToken } from '../../server/auth/email-tokens.js';
import { hashPassword } from '../../server/auth/password.js';
import { AUTH_MESSAGES } from '../../shared/http/errors.js';
import {
  ACCOUNT_SECURITY_MESSAGES,
  type AccountDeletionCheck,
} from '../../shared/settings/account-security.js';
import { type ReceivedMail, startSmtp } from '../support/delivery-servers.js';
import { type OidcProvider, startOidcProvider } from '../support/oidc-provider.js';
import { createServedTestApp, type ServedApp, signedInUser } from '../support/publishing-support.js';
import { cookiesOf } from '../support/test-app.js';

/**
 * Security audit 2, items 4 and 5: the current password cannot be guessed faster than at
 * sign-in, a stolen token cannot delete the account, and every change of how the owner signs in
 * (or the deletion of the account) is announced to them by e-mail.
 */

const PASSWORD = 'first-secret-1';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/150.0 Safari/537.36';
const CLIENT = { clientId: 'postloom-test-client', clientSecret: 'test-client-secret' };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let provider: OidcProvider;
let t: ServedApp;

beforeAll(async () => {
  smtp = await startSmtp();
  provider = await startOidcProvider(CLIENT);
});
afterAll(async () => {
  await smtp.close();
  await provider.close();
});
afterEach(async () => {
  await t?.close();
});

async function app() {
  smtp.mails.length = 0;
  provider.user = { sub: 'google-sub-1', email: 'ada@example.com', email_verified: true };
  t = await createServedTestApp({
    SMTP_URL: smtp.url,
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
  });
}

interface User {
  id: string;
  email: string;
  headers: Record<string, string>;
}

/** A user with a password and a web app (cookie) session. */
async function userWithPassword(): Promise<User> {
  const user = await signedInUser(t);
  const row = await t.deps.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(PASSWORD), timezone: 'Europe/Berlin' })
    .where('id', '=', user.id)
    .returning('email')
    .executeTakeFirstOrThrow();
  return { id: user.id, email: row.email, headers: { cookie: user.cookie } };
}

/** Over real HTTP from a browser, so the server sees a client address and a user agent. */
function call(
  headers: Record<string, string>,
  route: string,
  init: { method?: string; json?: unknown } = {},
) {
  return fetch(`${t.url}${route}`, {
    method: init.method ?? 'GET',
    headers: {
      ...headers,
      'user-agent': BROWSER,
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

function changePassword(user: User, currentPassword: string) {
  return call(user.headers, '/api/settings/password', {
    method: 'POST',
    json: { currentPassword, newPassword: 'second-secret-2' },
  });
}

function deleteAccount(headers: Record<string, string>, body: Record<string, unknown>) {
  return call(headers, '/api/settings/account', {
    method: 'DELETE',
    json: { confirmation: 'DELETE', ...body },
  });
}

async function exists(userId: string): Promise<boolean> {
  return (
    (await t.deps.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !==
    undefined
  );
}

/** The text of a received mail, quoted-printable soft breaks and escapes undone. */
function mailText(mail: ReceivedMail | undefined): string {
  return (mail?.data ?? '')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function mailsTo(address: string, count = 1): Promise<ReceivedMail[]> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const mails = smtp.mails.filter((mail) => mail.to.includes(address));
    if (mails.length >= count || performance.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The session cookie a response set (the Google state cookie it clears left out). */
function sessionCookie(res: Response): string {
  return cookiesOf(res)
    .split('; ')
    .filter((pair) => pair.startsWith('postloom_session='))
    .join('; ');
}

/** Google sign-in (or "Confirm with Google" with reauth) through the test provider. */
async function google(options: { reauthAs?: Record<string, string> } = {}) {
  const query = options.reauthAs ? 'reauth=true' : 'remember=false';
  const start = await t.request(`/api/auth/google/start?${query}`, { headers: options.reauthAs ?? {} });
  expect(start.status).toBe(302);
  const atProvider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location') ?? '');
  const cookie = [options.reauthAs?.cookie, cookiesOf(start)].filter(Boolean).join('; ');
  return t.request('/api/auth/google/callback', {
    method: 'POST',
    headers: { cookie },
    json: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
  });
}

describe('guessing the current password', () => {
  it('wrong current passwords in settings lock the account like sign-in: the sixth try is refused even when right', async () => {
    await app();
    const user = await userWithPassword();
    for (let i = 0; i < 5; i += 1) {
      const res = await changePassword(user, `wrong-guess-${i}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(ACCOUNT_SECURITY_MESSAGES.currentIncorrect);
    }
    const sixth = await changePassword(user, PASSWORD);
    expect(sixth.status).toBe(423);
    expect(await sixth.json()).toMatchObject({
      code: 'account_locked',
      message: AUTH_MESSAGES.account_locked,
    });
    // The same lock as sign-in's.
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      json: { email: user.email, password: PASSWORD },
    });
    expect(login.status).toBe(423);
  });
});

describe('deleting the account', () => {
  it('a stolen bearer token (the extension’s) cannot delete the account, even with the password', async () => {
    await app();
    const user = await userWithPassword();
    const token = await t.deps.lucia.createSession(user.id, { remember: true, kind: 'token' });
    const res = await deleteAccount({ authorization: `Bearer ${token.id}` }, { password: PASSWORD });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(ACCOUNT_SECURITY_MESSAGES.deleteFromWebApp);
    expect(await exists(user.id)).toBe(true);
  });

  it('typing DELETE alone, or with a wrong password, does not delete the account', async () => {
    await app();
    const user = await userWithPassword();
    const check = (await (
      await call(user.headers, '/api/settings/account/deletion')
    ).json()) as AccountDeletionCheck;
    expect(check).toEqual({ method: 'password', googleConfirmedUntil: null });
    const bare = await deleteAccount(user.headers, {});
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({
      message: ACCOUNT_SECURITY_MESSAGES.enterPassword,
      field: 'password',
    });
    const wrong = await deleteAccount(user.headers, { password: 'not-my-password-1' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      message: ACCOUNT_SECURITY_MESSAGES.currentIncorrect,
      field: 'password',
    });
    expect(await exists(user.id)).toBe(true);
    const right = await deleteAccount(user.headers, { password: PASSWORD });
    expect(right.status).toBe(200);
    expect(await exists(user.id)).toBe(false);
  });

  it('a Google-only account is deleted only after a Google sign-in within the last 10 minutes', async () => {
    await app();
    const signedIn = await google();
    expect(signedIn.status).toBe(200);
    const headers = { cookie: sessionCookie(signedIn) };
    const user = await t.deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    // The sign-in itself counts for 10 minutes; this one was 11 minutes ago.
    await t.deps.db
      .updateTable('sessions')
      .set({ googleAuthAt: Date.now() - 11 * 60_000 })
      .where('userId', '=', user.id)
      .execute();
    const stale = await deleteAccount(headers, {});
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({
      message: ACCOUNT_SECURITY_MESSAGES.googleConfirmNeeded,
      details: { action: 'reauthenticate' },
    });
    expect(await exists(user.id)).toBe(true);

    const confirmed = await google({ reauthAs: headers });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ ok: true, reauthenticated: true });
    // No new session: the same one is confirmed.
    expect(confirmed.headers.getSetCookie().some((line) => line.startsWith('postloom_session='))).toBe(false);
    const check = (await (
      await call(headers, '/api/settings/account/deletion')
    ).json()) as AccountDeletionCheck;
    expect(check.method).toBe('google');
    expect(Date.parse(check.googleConfirmedUntil ?? '')).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect((await deleteAccount(headers, {})).status).toBe(200);
    expect(await exists(user.id)).toBe(false);
  });

  it('confirming with another Google account does not unlock the deletion', async () => {
    await app();
    const signedIn = await google();
    const headers = { cookie: sessionCookie(signedIn) };
    await t.deps.db.updateTable('sessions').set({ googleAuthAt: null }).execute();
    provider.user = { sub: 'google-sub-2', email: 'mallory@example.com', email_verified: true };
    const confirmed = await google({ reauthAs: headers });
    expect(confirmed.status).toBe(403);
    expect((await confirmed.json()).message).toBe(ACCOUNT_SECURITY_MESSAGES.googleWrongAccount);
    expect((await deleteAccount(headers, {})).status).toBe(403);
  });
});

describe('e-mail notices when credentials change', () => {
  it('a password change is announced by e-mail with the time, address and browser, whatever the notification settings', async () => {
    await app();
    const user = await userWithPassword();
    expect((await changePassword(user, PASSWORD)).status).toBe(200);
    const [mail] = await mailsTo(user.email);
    const text = mailText(mail);
    expect(text).toMatch(/Subject: Your Postloom password was changed/);
    expect(text).toMatch(/When: \w+day, \d+ \w+ \d{4} at \d\d:\d\d \(Europe\/Berlin, \d\d:\d\d UTC\)/);
    expect(text).toContain('Where: IP address 127.0.0.1');
    expect(text).toContain('Browser: Chrome on Linux');
    expect(text).toContain("If this wasn't you");
    expect(text).toContain(`${t.url}/reset-password`);
  });

  it('a password reset is announced by e-mail', async () => {
    await app();
    const user = await userWithPassword();
    const { token } = await issueEmailToken(t.deps.db, user.id, 'reset');
    const res = await call({}, '/api/auth/password/update', {
      method: 'POST',
      json: { token, password: 'reset-secret-3' },
    });
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(user.email);
    const text = mailText(mail);
    expect(text).toMatch(/Subject: Your Postloom password was reset/);
    expect(text).toContain('Where: IP address 127.0.0.1');
    expect(text).toContain('Browser: Chrome on Linux');
    expect(text).toContain('secure your e-mail account');
  });

  it('the deletion of the account is announced to the address it had', async () => {
    await app();
    const user = await userWithPassword();
    expect((await deleteAccount(user.headers, { password: PASSWORD })).status).toBe(200);
    const [mail] = await mailsTo(user.email);
    const text = mailText(mail);
    expect(text).toMatch(/Subject: Your Postloom account was deleted/);
    expect(text).toContain('Where: IP address 127.0.0.1');
    expect(text).toContain('contact support at once');
  });
});
