import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/http/errors.js';
import { cookiesOf, createTestApp, type TestApp } from '../support/test-app.js';
import {
  codeFrom,
  lastMailTo,
  logIn,
  PASSWORD,
  sessionWith,
  signedInEmail,
  signUp,
  signUpConfirmed,
  tokenFromLink,
} from './auth-helpers.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('sign-up and confirmation', () => {
  it('stores timezone, language and setup_complete=false and e-mails a link and an 8-digit code', async () => {
    await signUp(t, 'ada@example.com');
    const user = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      timezone: 'Europe/Berlin',
      language: 'de-DE',
      setupComplete: 0,
      emailConfirmedAt: null,
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = await lastMailTo(t, 'ada@example.com');
    expect(mail.text).toContain('http://localhost:3000/auth/confirm?token=');
    expect(codeFrom(mail.text)).toMatch(/^\d{8}$/);
    expect(mail.html).toContain('href="http://localhost:3000/auth/confirm?token=');
  });

  it('refuses sign-in until the e-mail is confirmed', async () => {
    await signUp(t, 'ada@example.com');
    const res = await logIn(t, 'ada@example.com');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 'email_not_verified',
      message: AUTH_MESSAGES.email_not_verified,
    });
  });

  it('answers email_in_use for an existing e-mail in any case', async () => {
    await signUp(t, 'ada@example.com');
    const res = await t.request('/api/auth/signup', {
      method: 'POST',
      json: { email: 'ADA@Example.com', password: PASSWORD, timezone: 'UTC', language: 'en' },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'email_in_use', message: AUTH_MESSAGES.email_in_use });
  });

  it('rejects a weak password with the spec message and names the field', async () => {
    const res = await t.request('/api/auth/signup', {
      method: 'POST',
      json: { email: 'ada@example.com', password: 'abcdefg', timezone: 'UTC', language: 'en' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_error',
      message: 'Password must contain at least one number',
      field: 'password',
    });
  });

  it('confirms by link, marks setup complete and signs the user in', async () => {
    const cookie = await signUpConfirmed(t, 'ada@example.com');
    const res = await sessionWith(t, { cookie });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user).toMatchObject({
      email: 'ada@example.com',
      emailConfirmed: true,
      setupComplete: true,
      timezone: 'Europe/Berlin',
    });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('accepts a confirmation link only once', async () => {
    await signUp(t, 'ada@example.com');
    const token = tokenFromLink((await lastMailTo(t, 'ada@example.com')).text, '/auth/confirm');
    expect((await t.request('/api/auth/confirm', { method: 'POST', json: { token } })).status).toBe(200);
    const again = await t.request('/api/auth/confirm', { method: 'POST', json: { token } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      code: 'invalid_token',
      message: 'Token has expired or is invalid',
    });
  });

  it('refuses a confirmation link after 24 hours', async () => {
    await signUp(t, 'ada@example.com');
    const token = tokenFromLink((await lastMailTo(t, 'ada@example.com')).text, '/auth/confirm');
    await t.deps.db
      .updateTable('emailTokens')
      .set({ expiresAt: Date.now() - 1 })
      .execute();
    const res = await t.request('/api/auth/confirm', { method: 'POST', json: { token } });
    expect(res.status).toBe(400);
  });

  it('confirms by the 8-digit code with the e-mail', async () => {
    await signUp(t, 'ada@example.com');
    const code = codeFrom((await lastMailTo(t, 'ada@example.com')).text);
    const res = await t.request('/api/auth/confirm', {
      method: 'POST',
      json: { email: 'ada@example.com', code },
    });
    expect(res.status).toBe(200);
    expect(await signedInEmail(t, { cookie: cookiesOf(res) })).toBe('ada@example.com');
  });

  it("does not confirm one user's e-mail with another user's code", async () => {
    await signUp(t, 'ada@example.com');
    await signUp(t, 'bob@example.com');
    const adaCode = codeFrom((await lastMailTo(t, 'ada@example.com')).text);
    const res = await t.request('/api/auth/confirm', {
      method: 'POST',
      json: { email: 'bob@example.com', code: adaCode },
    });
    expect(res.status).toBe(400);
    const bob = await t.deps.db
      .selectFrom('users')
      .select('emailConfirmedAt')
      .where('email', '=', 'bob@example.com')
      .executeTakeFirstOrThrow();
    expect(bob.emailConfirmedAt).toBeNull();
  });

  it('stops accepting codes for an e-mail after five wrong ones', async () => {
    await signUp(t, 'ada@example.com');
    const code = codeFrom((await lastMailTo(t, 'ada@example.com')).text);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/api/auth/confirm', {
        method: 'POST',
        json: { email: 'ada@example.com', code: wrong },
      });
      expect(res.status).toBe(400);
    }
    const right = await t.request('/api/auth/confirm', {
      method: 'POST',
      json: { email: 'ada@example.com', code },
    });
    expect(right.status).toBe(400);
    // The link still works: only guessing codes is stopped.
    const token = tokenFromLink((await lastMailTo(t, 'ada@example.com')).text, '/auth/confirm');
    expect((await t.request('/api/auth/confirm', { method: 'POST', json: { token } })).status).toBe(200);
  });

  it('resends a new link that replaces the old one, and answers the same for unknown e-mails', async () => {
    await signUp(t, 'ada@example.com');
    const first = tokenFromLink((await lastMailTo(t, 'ada@example.com')).text, '/auth/confirm');
    const resend = await t.request('/api/auth/confirm/resend', {
      method: 'POST',
      json: { email: 'ada@example.com' },
    });
    const unknown = await t.request('/api/auth/confirm/resend', {
      method: 'POST',
      json: { email: 'nobody@example.com' },
    });
    expect(await resend.json()).toEqual(await unknown.json());
    const second = tokenFromLink((await lastMailTo(t, 'ada@example.com')).text, '/auth/confirm');
    expect(second).not.toBe(first);
    expect((await t.request('/api/auth/confirm', { method: 'POST', json: { token: first } })).status).toBe(
      400,
    );
    expect((await t.request('/api/auth/confirm', { method: 'POST', json: { token: second } })).status).toBe(
      200,
    );
  });
});

describe('sign-in, cookies and sign-out', () => {
  beforeEach(async () => {
    await signUpConfirmed(t, 'ada@example.com');
  });

  it('answers invalid_credentials for a wrong password or an unknown e-mail', async () => {
    for (const res of [
      await logIn(t, 'ada@example.com', 'wrong-pass-1'),
      await logIn(t, 'eve@example.com'),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        code: 'invalid_credentials',
        message: AUTH_MESSAGES.invalid_credentials,
      });
    }
  });

  it('sets an HttpOnly, SameSite=Lax browser-session cookie without remember me', async () => {
    const res = await logIn(t, 'ADA@example.com');
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((c) => c.startsWith('postloom_session='));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).not.toMatch(/Expires=|Max-Age=/i);
    expect(line).not.toMatch(/Secure/i);
  });

  it('sets a 30-day cookie with remember me', async () => {
    const res = await logIn(t, 'ada@example.com', PASSWORD, true);
    const line = res.headers.getSetCookie().find((c) => c.startsWith('postloom_session=')) ?? '';
    const expires = Date.parse(/Expires=([^;]+)/i.exec(line)?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    expect(line).toMatch(/HttpOnly/i);
  });

  it('marks the cookie Secure when APP_URL is https', async () => {
    const https = await createTestApp({ APP_URL: 'https://postloom.example' });
    try {
      // A public server without SMTP sends no mail: the address is confirmed directly.
      await signUp(https, 'ada@example.com');
      await https.deps.db.updateTable('users').set({ emailConfirmedAt: Date.now() }).execute();
      const res = await logIn(https, 'ada@example.com');
      expect(res.headers.getSetCookie().find((c) => c.startsWith('postloom_session='))).toMatch(/Secure/);
    } finally {
      await https.close();
    }
  });

  it('ends the session on the server at sign-out', async () => {
    const cookie = cookiesOf(await logIn(t, 'ada@example.com'));
    expect(await signedInEmail(t, { cookie })).not.toBeNull();
    const out = await t.request('/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(await signedInEmail(t, { cookie })).toBeNull();
  });

  it('answers 200 with no user on GET /api/auth/session when signed out (not an error to log)', async () => {
    const res = await sessionWith(t, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
    const stale = await sessionWith(t, { cookie: 'postloom_session=unknown', authorization: 'Bearer nope' });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual({ user: null });
  });

  it('locks the e-mail after five failures: the sixth answers account_locked even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await logIn(t, 'ada@example.com', 'wrong-pass-1')).status).toBe(401);
    }
    const sixth = await logIn(t, 'ada@example.com');
    expect(sixth.status).toBe(423);
    expect(await sixth.json()).toEqual({ code: 'account_locked', message: AUTH_MESSAGES.account_locked });
    const token = await t.request('/api/auth/token', {
      method: 'POST',
      json: { email: 'ada@example.com', password: PASSWORD },
    });
    expect(token.status).toBe(423);

    // Fifteen minutes later the lock is over.
    await t.deps.db
      .updateTable('loginAttempts')
      .set((eb) => ({ createdAt: eb('createdAt', '-', 15 * 60_000 + 1000) }))
      .execute();
    expect((await logIn(t, 'ada@example.com')).status).toBe(200);
  });

  it('does not lock for five failures spread over more than 15 minutes', async () => {
    for (let i = 0; i < 4; i++) await logIn(t, 'ada@example.com', 'wrong-pass-1');
    await t.deps.db
      .updateTable('loginAttempts')
      .set((eb) => ({ createdAt: eb('createdAt', '-', 16 * 60_000) }))
      .execute();
    await logIn(t, 'ada@example.com', 'wrong-pass-1');
    expect((await logIn(t, 'ada@example.com')).status).toBe(200);
  });

  it('records each sign-in attempt', async () => {
    await logIn(t, 'ada@example.com', 'wrong-pass-1');
    await logIn(t, 'ada@example.com');
    const rows = await t.deps.db
      .selectFrom('loginAttempts')
      .select(['email', 'succeeded'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { email: 'ada@example.com', succeeded: 0 },
      { email: 'ada@example.com', succeeded: 1 },
    ]);
  });
});

describe('sessions', () => {
  beforeEach(async () => {
    await signUpConfirmed(t, 'ada@example.com');
  });

  it('gives a bearer token that works on GET /api/auth/session and stops after logout', async () => {
    const res = await t.request('/api/auth/token', {
      method: 'POST',
      json: { email: 'ada@example.com', password: PASSWORD },
    });
    expect(res.status).toBe(200);
    const { token, expiresAt } = await res.json();
    expect(typeof token).toBe('string');
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const auth = { authorization: `Bearer ${token}` };
    const me = await sessionWith(t, auth);
    expect(me.status).toBe(200);
    expect((await me.json()).user.email).toBe('ada@example.com');
    expect((await t.request('/api/auth/logout', { method: 'POST', headers: auth })).status).toBe(200);
    expect(await signedInEmail(t, auth)).toBeNull();
  });

  it("shows each bearer token only its own user's session", async () => {
    await signUpConfirmed(t, 'bob@example.com');
    const tokenOf = async (email: string) =>
      (
        await (
          await t.request('/api/auth/token', { method: 'POST', json: { email, password: PASSWORD } })
        ).json()
      ).token;
    const bob = await sessionWith(t, { authorization: `Bearer ${await tokenOf('bob@example.com')}` });
    expect((await bob.json()).user.email).toBe('bob@example.com');
    const ada = await sessionWith(t, { authorization: `Bearer ${await tokenOf('ada@example.com')}` });
    expect((await ada.json()).user.email).toBe('ada@example.com');
  });

  it('ends a session without remember me after 30 idle minutes', async () => {
    await t.deps.db.deleteFrom('sessions').execute();
    const cookie = cookiesOf(await logIn(t, 'ada@example.com', PASSWORD, false));
    expect(await signedInEmail(t, { cookie })).not.toBeNull();
    await t.deps.db
      .updateTable('sessions')
      .set({ lastUsedAt: Date.now() - 31 * 60_000 })
      .execute();
    expect(await signedInEmail(t, { cookie })).toBeNull();
    const left = await t.deps.db.selectFrom('sessions').select('id').where('remember', '=', 0).execute();
    expect(left).toHaveLength(0);
  });

  it('keeps an idle session without remember me alive before 30 minutes', async () => {
    const cookie = cookiesOf(await logIn(t, 'ada@example.com', PASSWORD, false));
    await t.deps.db
      .updateTable('sessions')
      .set({ lastUsedAt: Date.now() - 29 * 60_000 })
      .execute();
    expect(await signedInEmail(t, { cookie })).not.toBeNull();
  });

  it('keeps a remembered session after 30 idle minutes, until its 30 days end', async () => {
    const cookie = cookiesOf(await logIn(t, 'ada@example.com', PASSWORD, true));
    await t.deps.db
      .updateTable('sessions')
      .set({ lastUsedAt: Date.now() - 2 * 24 * 3600_000 })
      .execute();
    expect(await signedInEmail(t, { cookie })).not.toBeNull();
    await t.deps.db
      .updateTable('sessions')
      .set({ expiresAt: Date.now() - 1 })
      .execute();
    expect(await signedInEmail(t, { cookie })).toBeNull();
  });
});

describe('password reset', () => {
  beforeEach(async () => {
    await signUpConfirmed(t, 'ada@example.com');
  });

  async function requestReset(email: string) {
    return t.request('/api/auth/password/reset', { method: 'POST', json: { email } });
  }

  it('answers the same whether or not the e-mail exists, and mails only real users', async () => {
    const known = await requestReset('ada@example.com');
    const unknown = await requestReset('nobody@example.com');
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    const mails = await t.deps.db.selectFrom('mailOutbox').select('toAddress').execute();
    expect(mails.map((m) => m.toAddress)).not.toContain('nobody@example.com');
    expect((await lastMailTo(t, 'ada@example.com')).text).toContain(
      'http://localhost:3000/update-password?token=',
    );
  });

  it('sets the new password once, ends every session and lets the user sign in with it', async () => {
    const cookie = cookiesOf(await logIn(t, 'ada@example.com', PASSWORD, true));
    const { token: bearer } = await (
      await t.request('/api/auth/token', {
        method: 'POST',
        json: { email: 'ada@example.com', password: PASSWORD },
      })
    ).json();
    await requestReset('ada@example.com');
    const token = tokenFromLink((await lastMailTo(t, 'ada@example.com')).text, '/update-password');

    const res = await t.request('/api/auth/password/update', {
      method: 'POST',
      json: { token, password: 'new-secret-2' },
    });
    expect(res.status).toBe(200);
    expect(await signedInEmail(t, { cookie })).toBeNull();
    expect(await signedInEmail(t, { authorization: `Bearer ${bearer}` })).toBeNull();
    expect((await logIn(t, 'ada@example.com')).status).toBe(401);
    expect((await logIn(t, 'ada@example.com', 'new-secret-2')).status).toBe(200);

    const again = await t.request('/api/auth/password/update', {
      method: 'POST',
      json: { token, password: 'other-secret-3' },
    });
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe('invalid_token');
  });

  it('tells whose password a reset link resets without using it, and nothing for a used link', async () => {
    await requestReset('ada@example.com');
    const token = tokenFromLink((await lastMailTo(t, 'ada@example.com')).text, '/update-password');
    const preview = () => t.request(`/api/auth/password/preview?token=${encodeURIComponent(token)}`);
    expect(await (await preview()).json()).toEqual({ email: 'ada@example.com' });
    // Looking did not use the link up.
    const update = await t.request('/api/auth/password/update', {
      method: 'POST',
      json: { token, password: 'new-secret-2' },
    });
    expect(update.status).toBe(200);
    const used = await preview();
    expect(used.status).toBe(400);
    expect(await used.json()).toEqual({
      code: 'invalid_token',
      message: 'This password reset link has expired or is invalid. Please request a new one.',
    });
  });

  it('refuses a reset link after one hour', async () => {
    await requestReset('ada@example.com');
    const token = tokenFromLink((await lastMailTo(t, 'ada@example.com')).text, '/update-password');
    await t.deps.db
      .updateTable('emailTokens')
      .set((eb) => ({ expiresAt: eb('createdAt', '+', 60 * 60_000) }))
      .where('purpose', '=', 'reset')
      .execute();
    await t.deps.db
      .updateTable('emailTokens')
      .set((eb) => ({
        createdAt: eb('createdAt', '-', 61 * 60_000),
        expiresAt: eb('expiresAt', '-', 61 * 60_000),
      }))
      .where('purpose', '=', 'reset')
      .execute();
    const res = await t.request('/api/auth/password/update', {
      method: 'POST',
      json: { token, password: 'new-secret-2' },
    });
    expect(res.status).toBe(400);
    expect((await logIn(t, 'ada@example.com')).status).toBe(200);
  });

  it('applies the password rules to the new password', async () => {
    await requestReset('ada@example.com');
    const token = tokenFromLink((await lastMailTo(t, 'ada@example.com')).text, '/update-password');
    const res = await t.request('/api/auth/password/update', {
      method: 'POST',
      json: { token, password: 'short' },
    });
    expect(await res.json()).toMatchObject({
      code: 'validation_error',
      message: 'Password must be at least 6 characters',
    });
  });
});

describe('rate limit', () => {
  it('answers 429 with a clear message once an address spends its auth requests', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await limited.request('/api/auth/password/reset', {
          method: 'POST',
          json: { email: 'a@example.com' },
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await last?.json()).toEqual({
        code: 'rate_limited',
        message: 'Too many requests. Please wait a minute and try again.',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('OpenAPI', () => {
  it('lists every auth route', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    for (const path of [
      '/api/auth/signup',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/token',
      '/api/auth/session',
      '/api/auth/confirm',
      '/api/auth/confirm/resend',
      '/api/auth/password/reset',
      '/api/auth/password/update',
      '/api/auth/password/preview',
      '/api/auth/google/start',
      '/api/auth/google/callback',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
