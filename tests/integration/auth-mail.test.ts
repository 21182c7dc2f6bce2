import os from 'node:os';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/spawn-server.js';
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

/** Serves a test app over real TCP on `hostname`, so the outbox sees a real peer address. */
async function served(env: Record<string, string> = {}, hostname = '127.0.0.1') {
  const t = await app(env);
  const port = await freePort();
  const server = serve({ fetch: t.app.fetch, port, hostname });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { t, port, base: `http://127.0.0.1:${port}` };
}
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('the dev outbox at /dev/mail', () => {
  it('lists messages newest first and shows a message with its links clickable', async () => {
    const { t, base } = await served();
    await signUp(t, 'ada@example.com');
    await t.request('/api/auth/password/reset', { method: 'POST', json: { email: 'ada@example.com' } });
    const list = await fetch(`${base}/dev/mail`);
    expect(list.status).toBe(200);
    const html = await list.text();
    const reset = html.indexOf('Reset your Postloom password');
    const confirm = html.indexOf('Confirm your Postloom account');
    expect(reset).toBeGreaterThan(-1);
    expect(confirm).toBeGreaterThan(reset);

    const id = /href="\/dev\/mail\/([^"]+)"/.exec(html)?.[1];
    const page = await fetch(`${base}/dev/mail/${id}`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toMatch(/<a href="http:\/\/localhost:3000\/update-password\?token=[\w-]+"/);
  });

  it('escapes what a user typed', async () => {
    const { t, base } = await served();
    await signUp(t, '<b>x</b>@example.com');
    const html = await (await fetch(`${base}/dev/mail`)).text();
    expect(html).toContain('to &lt;b&gt;x&lt;/b&gt;@example.com');
    expect(html).not.toContain('<b>x</b>');
  });

  it('answers 404 for an unknown message', async () => {
    const { base } = await served();
    expect((await fetch(`${base}/dev/mail/nope`)).status).toBe(404);
  });

  it('a visitor cannot read the outbox when APP_URL is public, even from this machine', async () => {
    const { t, base } = await served({ APP_URL: 'https://postloom.example.org' });
    await t.request('/api/auth/password/reset', { method: 'POST', json: { email: 'ada@example.com' } });
    expect((await fetch(`${base}/dev/mail`)).status).toBe(404);
    const config = await (await fetch(`${base}/api/app-config`)).json();
    expect(config.devMailbox).toBe(false);
  });

  it('is not mounted with SMTP_URL', async () => {
    const { base } = await served({ SMTP_URL: 'smtp://127.0.0.1:1' });
    expect((await fetch(`${base}/dev/mail`)).status).toBe(404);
  });

  it('a visitor on the network cannot read the outbox of a local server', async () => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    // This machine kind has a network interface besides loopback; the test needs one.
    expect(external).toBeDefined();
    const { port } = await served({}, '0.0.0.0');
    expect((await fetch(`http://${external}:${port}/dev/mail`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/dev/mail`)).status).toBe(200);
  });

  it('a visitor coming through a proxy on this machine cannot read the outbox', async () => {
    const { base } = await served();
    const proxied = await fetch(`${base}/dev/mail`, { headers: { 'x-forwarded-for': '203.0.113.5' } });
    expect(proxied.status).toBe(404);
    const forwarded = await fetch(`${base}/dev/mail`, { headers: { forwarded: 'for=203.0.113.5' } });
    expect(forwarded.status).toBe(404);
  });

  it('a public server without SMTP keeps and prints no mail, and says how to configure SMTP', async () => {
    const t = await app({ APP_URL: 'https://postloom.example.org' });
    const warnings: string[] = [];
    t.deps.logger.warn = (message: string) => {
      warnings.push(message);
    };
    await t.deps.mailer.send({
      to: 'ada@example.com',
      subject: 'Reset',
      text: 'https://x/reset?token=t',
      html: '',
    });
    expect(await t.deps.db.selectFrom('mailOutbox').selectAll().execute()).toEqual([]);
    expect(warnings.join('\n')).toMatch(/set SMTP_URL/);
    expect(t.deps.mailer.isOutbox).toBe(false);
  });
});
