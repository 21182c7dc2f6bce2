import { expect } from 'vitest';
import { openOutboxBody } from '../../server/mail/mailer.js';
import { cookiesOf, type TestApp } from '../support/test-app.js';

export const PASSWORD = 'correct-horse-1';

/** The newest outbox message to an address. */
export async function lastMailTo(t: TestApp, to: string) {
  const row = await t.deps.db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('toAddress', '=', to)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw new Error(`no mail to ${to}`);
  return {
    ...row,
    text: openOutboxBody(t.deps.cipher, row.text),
    html: openOutboxBody(t.deps.cipher, row.html),
  };
}

export function tokenFromLink(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([\\w%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]);
}

export function codeFrom(text: string): string {
  const match = /code on the confirmation screen: (\d{8})/.exec(text);
  if (!match?.[1]) throw new Error('no code');
  return match[1];
}

export async function signUp(t: TestApp, email: string, password = PASSWORD) {
  const res = await t.request('/api/auth/signup', {
    method: 'POST',
    json: { email, password, timezone: 'Europe/Berlin', language: 'de-DE' },
  });
  expect(res.status).toBe(201);
  return res;
}

/** Signs up and confirms by the e-mailed link; returns the confirm answer's cookie. */
export async function signUpConfirmed(t: TestApp, email: string, password = PASSWORD) {
  await signUp(t, email, password);
  const mail = await lastMailTo(t, email);
  const res = await t.request('/api/auth/confirm', {
    method: 'POST',
    json: { token: tokenFromLink(mail.text, '/auth/confirm') },
  });
  expect(res.status).toBe(200);
  return cookiesOf(res);
}

export async function logIn(t: TestApp, email: string, password = PASSWORD, remember = false) {
  return t.request('/api/auth/login', { method: 'POST', json: { email, password, remember } });
}

export async function sessionWith(t: TestApp, headers: Record<string, string>) {
  return t.request('/api/auth/session', { headers });
}

/** The e-mail these headers are signed in as, or null (the session endpoint answers `{ user: null }`). */
export async function signedInEmail(t: TestApp, headers: Record<string, string>): Promise<string | null> {
  const res = await sessionWith(t, headers);
  if (res.status !== 200) throw new Error(`GET /api/auth/session answered ${res.status}`);
  const { user } = (await res.json()) as { user: { email: string } | null };
  return user?.email ?? null;
}
