import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { signUp } from './auth-helpers.js';

const apps: TestApp[] = [];
async function app(env: Record<string, string> = {}) {
  const created = await createTestApp(env);
  apps.push(created);
  return created;
}
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

describe('the dev outbox at /dev/mail', () => {
  it('lists messages newest first and shows a message with its links clickable', async () => {
    const t = await app();
    await signUp(t, 'ada@example.com');
    await t.request('/api/auth/password/reset', { method: 'POST', json: { email: 'ada@example.com' } });
    const list = await t.request('/dev/mail');
    expect(list.status).toBe(200);
    const html = await list.text();
    const reset = html.indexOf('Reset your Postloom password');
    const confirm = html.indexOf('Confirm your Postloom account');
    expect(reset).toBeGreaterThan(-1);
    expect(confirm).toBeGreaterThan(reset);

    const id = /href="\/dev\/mail\/([^"]+)"/.exec(html)?.[1];
    const page = await t.request(`/dev/mail/${id}`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toMatch(/<a href="http:\/\/localhost:3000\/update-password\?token=[\w-]+"/);
  });

  it('escapes what a user typed', async () => {
    const t = await app();
    await signUp(t, '<b>x</b>@example.com');
    const html = await (await t.request('/dev/mail')).text();
    expect(html).toContain('to &lt;b&gt;x&lt;/b&gt;@example.com');
    expect(html).not.toContain('<b>x</b>');
  });

  it('answers 404 for an unknown message', async () => {
    const t = await app();
    expect((await t.request('/dev/mail/nope')).status).toBe(404);
  });

  it('is not mounted in production or with SMTP_URL', async () => {
    const production = await app({ NODE_ENV: 'production' });
    expect((await production.request('/dev/mail')).status).toBe(404);
    const smtp = await app({ SMTP_URL: 'smtp://127.0.0.1:1' });
    expect((await smtp.request('/dev/mail')).status).toBe(404);
  });
});
