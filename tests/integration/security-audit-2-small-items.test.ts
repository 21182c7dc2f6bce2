import http from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectAnalytics } from '../../server/analytics/collect-analytics.js';
import { csvCell } from '../../server/analytics/export-analytics.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { ANALYTICS_MESSAGES, type AnalyticsResult } from '../../shared/analytics/api.js';
import { PREFERENCE_MESSAGES } from '../../shared/settings/preferences.js';
import { connectInProcess, createSignedInUser } from '../support/in-process-user.js';
import { type OidcProvider, startOidcProvider } from '../support/oidc-provider.js';
import { sandboxRequests, waitForOutcome } from '../support/publishing-support.js';
import { freePort } from '../support/spawn-server.js';
import { cookiesOf, createTestApp, type TestApp } from '../support/test-app.js';

/** Security audit 2, item 6: the smaller findings. */

const apps: TestApp[] = [];
const closers: Array<() => Promise<void>> = [];
async function app(env: Record<string, string> = {}) {
  const created = await createTestApp(env);
  apps.push(created);
  return created;
}
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const a of apps.splice(0)) await a.close();
});

/** A GET over real TCP to a local server with the given headers (Host included). */
async function rawGet(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local outbox answers only this machine, directly', () => {
  async function servedOutbox(): Promise<number> {
    const t = await app();
    await t.request('/api/auth/password/reset', { method: 'POST', json: { email: 'nobody@example.com' } });
    const port = await freePort();
    const server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return port;
  }

  it('a visitor coming through a proxy that sends only X-Real-IP (or any other proxy header) cannot read the outbox', async () => {
    const port = await servedOutbox();
    const host = `127.0.0.1:${port}`;
    expect(await rawGet(port, '/dev/mail', { host })).toBe(200);
    for (const [name, value] of [
      ['x-real-ip', '203.0.113.5'],
      ['x-forwarded-host', 'postloom.example.org'],
      ['x-forwarded-proto', 'https'],
      ['true-client-ip', '203.0.113.5'],
      ['cf-connecting-ip', '203.0.113.5'],
      ['via', '1.1 proxy'],
    ]) {
      expect(await rawGet(port, '/dev/mail', { host, [name as string]: value as string }), name).toBe(404);
    }
  });

  it('a proxy on this machine that passes on a public Host name cannot read the outbox', async () => {
    const port = await servedOutbox();
    expect(await rawGet(port, '/dev/mail', { host: 'postloom.example.org' })).toBe(404);
    expect(await rawGet(port, '/dev/mail', { host: `localhost:${port}` })).toBe(200);
    expect(await rawGet(port, '/dev/mail', { host: `[::1]:${port}` })).toBe(200);
  });
});

describe('the analytics CSV', () => {
  it('a cell starting with a tab, carriage return or line feed before a formula is not run by a spreadsheet', () => {
    for (const attack of [
      '\n=HYPERLINK("https://evil.example","Click")',
      '\r=1+1',
      '\t=cmd|" /C calc"!A0',
      '\r\n@SUM(A1)',
      '  =1+1',
      '\u00a0+1',
      '\uff1d1+1',
      '=1+1',
      '-2+3',
      '@SUM(A1)',
    ]) {
      expect(csvCell(attack), JSON.stringify(attack)).toBe(`"'${attack.replace(/"/g, '""')}"`);
    }
    expect(csvCell('Fresh bread at 7')).toBe('"Fresh bread at 7"');
    expect(csvCell(-5)).toBe('"-5"');
  });
});

describe('analytics dates', () => {
  it('an impossible date such as 2026-02-30 is refused with a clear 400', async () => {
    const t = await app();
    const user = await createSignedInUser(t);
    for (const route of ['/api/analytics', '/api/analytics/export']) {
      for (const query of [
        'from=2026-02-30&to=2026-03-05',
        'from=2026-02-01&to=2026-13-01',
        'from=2025-02-29&to=2025-03-01',
      ]) {
        const res = await t.request(`${route}?${query}`, { headers: { cookie: user.cookie } });
        expect(res.status, `${route}?${query}`).toBe(400);
        expect(await res.json()).toMatchObject({
          code: 'validation_error',
          message: ANALYTICS_MESSAGES.impossibleDate,
        });
      }
    }
    const leap = await t.request('/api/analytics?from=2024-02-29&to=2024-03-01', {
      headers: { cookie: user.cookie },
    });
    expect(leap.status).toBe(200);
  });
});

describe('time zone and language at sign-up', () => {
  function signUp(t: TestApp, timezone: string, language: string) {
    return t.request('/api/auth/signup', {
      method: 'POST',
      json: { email: 'ada@example.com', password: 'secret-pass-1', timezone, language },
    });
  }

  async function stored(t: TestApp) {
    return t.deps.db.selectFrom('users').select(['timezone', 'language']).executeTakeFirst();
  }

  it('a sign-up with a made-up time zone or a script as its language stores neither', async () => {
    const t = await app();
    const zone = await signUp(t, 'Mars/Olympus', 'en');
    expect(zone.status).toBe(400);
    expect(await zone.json()).toMatchObject({
      field: 'timezone',
      message: PREFERENCE_MESSAGES.invalidTimezone,
    });
    const script = await signUp(t, 'UTC', 'xx-<script>');
    expect(script.status).toBe(400);
    expect(await script.json()).toMatchObject({
      field: 'language',
      message: PREFERENCE_MESSAGES.invalidLanguage,
    });
    expect(await stored(t)).toBeUndefined();
  });

  it('keeps a supported language tag and stores another language as English', async () => {
    const t = await app();
    expect((await signUp(t, 'Asia/Seoul', 'ko-KR')).status).toBe(201);
    expect(await stored(t)).toEqual({ timezone: 'Asia/Seoul', language: 'en' });
  });
});

describe('time zone and language at a first Google sign-in', () => {
  const CLIENT = { clientId: 'postloom-test-client', clientSecret: 'test-client-secret' };
  let provider: OidcProvider;
  beforeAll(async () => {
    provider = await startOidcProvider(CLIENT);
  });
  afterAll(() => provider.close());

  it('a Google sign-in with a made-up time zone or a script as its language falls back to UTC and English', async () => {
    const t = await app({
      GOOGLE_CLIENT_ID: CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
      GOOGLE_ISSUER: provider.issuer,
    });
    const start = await t.request('/api/auth/google/start');
    const atProvider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location') ?? '');
    const res = await t.request('/api/auth/google/callback', {
      method: 'POST',
      headers: { cookie: cookiesOf(start) },
      json: {
        code: callback.searchParams.get('code'),
        state: callback.searchParams.get('state'),
        timezone: 'Mars/Olympus',
        language: 'xx-<script>',
      },
    });
    expect(res.status).toBe(200);
    const user = await t.deps.db
      .selectFrom('users')
      .select(['timezone', 'language'])
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ timezone: 'UTC', language: 'en' });
  });
});

describe('LinkedIn analytics without r_member_social', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
  });
  afterAll(() => sandbox.close());

  it('are shown as unavailable with the reason instead of failing every hour', async () => {
    const t = await app({ SANDBOX_URL: sandbox.url, PUBLISH_RETRY_BASE_MS: '100' });
    await t.deps.engine.start();
    closers.push(() => t.deps.engine.stop());
    const user = await createSignedInUser(t);
    const [linkedin] = await connectInProcess(t, user, 'linkedin');
    const created = await t.request('/api/posts', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: { socialAccountId: linkedin, content: 'We are hiring a baker', media: [], action: 'publish' },
    });
    const { post } = (await created.json()) as { post: { id: string } };
    expect((await waitForOutcome(t, user, post.id)).status).toBe('posted');

    const run = await collectAnalytics(t.deps);
    expect(run.failed).toEqual([]);
    expect(
      await sandboxRequests(sandbox, {
        platform: 'linkedin',
        pathPrefix: '/api.linkedin.com/rest/socialActions',
      }),
    ).toEqual([]);

    const res = await t.request('/api/analytics?from=2026-01-01&to=2026-01-07&platforms=linkedin', {
      headers: { cookie: user.cookie },
    });
    const result = (await res.json()) as AnalyticsResult;
    expect(result.unavailable).toEqual(['tiktok', 'linkedin']);
    expect(result.unavailableReasons).toEqual([
      { platform: 'linkedin', message: ANALYTICS_MESSAGES.linkedinNotAsked },
    ]);
  });
});
