import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedBytes } from '../support/database-faults.js';
import { cookiesOf, createTestApp, type TestApp } from '../support/test-app.js';
import { codeFrom, lastMailTo, logIn, PASSWORD, signUp, tokenFromLink } from './auth-helpers.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('what the database holds', () => {
  it('never holds a plaintext password, session token, bearer token, confirmation or reset token', async () => {
    await signUp(t, 'ada@example.com');
    const confirmMail = await lastMailTo(t, 'ada@example.com');
    const confirmToken = tokenFromLink(confirmMail.text, '/auth/confirm');
    const code = codeFrom(confirmMail.text);
    const confirmed = await t.request('/api/auth/confirm', { method: 'POST', json: { token: confirmToken } });
    const confirmSession = /postloom_session=([^;]+)/.exec(cookiesOf(confirmed))?.[1] ?? '';
    const login = await logIn(t, 'ada@example.com', PASSWORD, true);
    const loginSession = /postloom_session=([^;]+)/.exec(cookiesOf(login))?.[1] ?? '';
    const { token: bearer } = await (
      await t.request('/api/auth/token', {
        method: 'POST',
        json: { email: 'ada@example.com', password: PASSWORD },
      })
    ).json();
    await t.request('/api/auth/password/reset', { method: 'POST', json: { email: 'ada@example.com' } });
    const resetToken = tokenFromLink((await lastMailTo(t, 'ada@example.com')).text, '/update-password');
    await t.request('/api/auth/password/update', {
      method: 'POST',
      json: { token: resetToken, password: 'new-secret-2' },
    });

    const secrets = {
      PASSWORD,
      newPassword: 'new-secret-2',
      confirmToken,
      code,
      confirmSession,
      loginSession,
      bearer,
      resetToken,
    };
    for (const value of Object.values(secrets)) expect(value.length).toBeGreaterThan(5);
    const bytes = await storedBytes(t.deps.db, t.dataDir);
    // The check itself must be able to fail: the e-mail address is stored in the clear.
    expect(bytes.includes('ada@example.com')).toBe(true);
    for (const [name, value] of Object.entries(secrets)) {
      expect(bytes.includes(value), `${name} found in the database file`).toBe(false);
    }
  });
});
