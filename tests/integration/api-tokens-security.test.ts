import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_SCOPES } from '../../shared/api-tokens/api-tokens.js';
import { createSignedInUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { bearer, createToken, WEB_ORIGIN } from './api-tokens-support.js';
import { lastMailTo, PASSWORD, signUpConfirmed, tokenFromLink } from './auth-helpers.js';
import { billingEnv, DAY } from './billing-support.js';

let t: TestApp;
beforeEach(async () => {
  // Behind a proxy, so each request can say which address it comes from.
  t = await createTestApp({ TRUST_PROXY: 'on' });
});
afterEach(() => t.close());

async function securityLog(email: string) {
  return t.deps.db
    .selectFrom('securityLogs')
    .innerJoin('users', 'users.id', 'securityLogs.userId')
    .select(['securityLogs.eventType', 'securityLogs.ipAddress'])
    .where('users.email', '=', email)
    .orderBy('securityLogs.id')
    .execute();
}

describe('API tokens and the account’s security', () => {
  it('ends every token when the password is changed', async () => {
    const cookie = await signUpConfirmed(t, 'changer@postloom.test');
    const first = await createToken(t, cookie, ['posts:read']);
    const second = await createToken(t, cookie, [...API_SCOPES]);
    expect((await t.request('/api/posts', { headers: bearer(first.token) })).status).toBe(200);

    const res = await t.request('/api/settings/password', {
      method: 'POST',
      headers: { cookie, origin: WEB_ORIGIN },
      json: { currentPassword: PASSWORD, newPassword: 'another-horse-2' },
    });
    expect(res.status).toBe(200);
    for (const { token } of [first, second]) {
      expect((await t.request('/api/posts', { headers: bearer(token) })).status).toBe(401);
    }
    const revoked = (await securityLog('changer@postloom.test')).filter(
      (row) => row.eventType === 'api_token_revoked',
    );
    expect(revoked).toHaveLength(2);
  });

  it('ends every token when the password is reset by e-mail', async () => {
    const cookie = await signUpConfirmed(t, 'resetter@postloom.test');
    const { token } = await createToken(t, cookie, ['posts:read']);
    await t.request('/api/auth/password/reset', {
      method: 'POST',
      json: { email: 'resetter@postloom.test' },
    });
    const link = tokenFromLink((await lastMailTo(t, 'resetter@postloom.test')).text, '/update-password');
    const res = await t.request('/api/auth/password/update', {
      method: 'POST',
      json: { token: link, password: 'new-secret-2' },
    });
    expect(res.status).toBe(200);
    expect((await t.request('/api/posts', { headers: bearer(token) })).status).toBe(401);
  });

  it('ends every token with the account', async () => {
    const cookie = await signUpConfirmed(t, 'leaver@postloom.test');
    const { token } = await createToken(t, cookie, ['posts:read']);
    const res = await t.request('/api/settings/account', {
      method: 'DELETE',
      headers: { cookie, origin: WEB_ORIGIN },
      json: { confirmation: 'DELETE', password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await t.request('/api/posts', { headers: bearer(token) })).status).toBe(401);
    expect(await t.deps.db.selectFrom('apiTokens').selectAll().execute()).toEqual([]);
  });

  it('logs creation, use from each new address (once) and revocation', async () => {
    const cookie = await signUpConfirmed(t, 'logged@postloom.test');
    const created = await createToken(t, cookie, ['posts:read']);
    const from = (address: string) =>
      t.request('/api/posts', { headers: { ...bearer(created.token), 'x-forwarded-for': address } });
    await from('203.0.113.7');
    await from('203.0.113.7');
    await from('198.51.100.4');
    await from('203.0.113.7');
    await t.request(`/api/api-tokens/${created.id}`, {
      method: 'DELETE',
      headers: { cookie, origin: WEB_ORIGIN },
    });
    const log = (await securityLog('logged@postloom.test')).filter((row) =>
      row.eventType.startsWith('api_token'),
    );
    expect(log).toEqual([
      { eventType: 'api_token_created', ipAddress: expect.any(String) },
      { eventType: 'api_token_new_address', ipAddress: '203.0.113.7' },
      { eventType: 'api_token_new_address', ipAddress: '198.51.100.4' },
      { eventType: 'api_token_revoked', ipAddress: expect.any(String) },
    ]);
  });

  it('keeps the extension’s password-for-token sign-in working beside API tokens', async () => {
    await signUpConfirmed(t, 'extension@postloom.test');
    const res = await t.request('/api/auth/token', {
      method: 'POST',
      json: { email: 'extension@postloom.test', password: PASSWORD },
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(token.startsWith('pl_')).toBe(false);
    expect((await t.request('/api/auth/session', { headers: bearer(token) })).status).toBe(200);
    expect((await t.request('/api/settings/sessions', { headers: bearer(token) })).status).toBe(200);
  });
});

describe('API tokens when billing is on', () => {
  it('lets a user whose trial ended list and revoke tokens, while the tokens get 402 like the web app', async () => {
    // No provider is called for these requests: an address nothing listens on is enough.
    const billed = await createTestApp(billingEnv('http://127.0.0.1:9'));
    try {
      const user = await createSignedInUser(billed);
      const { token, id } = await createToken(billed, user.cookie, ['posts:read']);
      const aged = Date.now() - 90 * DAY;
      await billed.deps.db.updateTable('users').set({ createdAt: aged }).where('id', '=', user.id).execute();

      const posts = await billed.request('/api/posts', { headers: bearer(token) });
      expect(posts.status).toBe(402);
      expect((await billed.request('/api/api-tokens', { headers: { cookie: user.cookie } })).status).toBe(
        200,
      );
      const revoked = await billed.request(`/api/api-tokens/${id}`, {
        method: 'DELETE',
        headers: { cookie: user.cookie, origin: WEB_ORIGIN },
      });
      expect(revoked.status).toBe(200);
      expect((await billed.request('/api/posts', { headers: bearer(token) })).status).toBe(401);
    } finally {
      await billed.close();
    }
  });
});
