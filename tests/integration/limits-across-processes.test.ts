import { afterAll, describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../support/http-user.js';
import { type RunningServer, releaseServerDatabases, startServer } from '../support/spawn-server.js';
import { cookiesOf } from '../support/test-app.js';
import { testsUsePostgres } from '../support/test-database-kind.js';

// Sign-in lockouts, request rate limits and the per-token API limit hold for an install, not for
// one process: requests spread over two processes on one PostgreSQL are answered exactly as one
// process answers them.

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  await releaseServerDatabases();
});

const LIMITS = { TRUST_PROXY: 'on', RATE_LIMIT_AUTH_PER_MINUTE: '30', RATE_LIMIT_EMAIL_PER_HOUR: '10' };

async function start(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer({ ...LIMITS, ...env }, { startTimeoutMs: 90_000 });
  servers.push(server);
  return server;
}

/** Each request in turn, to the processes in rotation; answers "status code" per request. */
async function answers(
  processes: RunningServer[],
  count: number,
  request: (i: number) => { path: string; forwardedFor: string; body: unknown },
): Promise<string[]> {
  const result: string[] = [];
  for (let i = 0; i < count; i++) {
    const { path, forwardedFor, body } = request(i);
    const target = processes[i % processes.length] as RunningServer;
    const res = await fetch(`${target.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: target.url, 'x-forwarded-for': forwardedFor },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as { code?: string };
    result.push(`${res.status} ${json.code ?? 'ok'}`);
  }
  return result;
}

const wrongSignIn = (run: string) => () => ({
  path: '/api/auth/login',
  forwardedFor: '203.0.113.40',
  body: { email: `victim-${run}@example.com`, password: 'wrong-password-1' },
});

const resetFromAnywhere = (run: string) => (i: number) => ({
  path: '/api/auth/password/reset',
  forwardedFor: `198.51.100.${i + 1}`,
  body: { email: `inbox-${run}@example.com` },
});

// What one process answers: 5 wrong passwords, the lockout, then the client's 30 a minute spent.
const FORTY_WRONG_SIGN_INS = [
  ...Array(5).fill('401 invalid_credentials'),
  ...Array(25).fill('423 account_locked'),
  ...Array(10).fill('429 rate_limited'),
];
const ELEVEN_RESETS = [...Array(10).fill('200 ok'), '429 rate_limited'];

// PostgreSQL only: SQLite runs one process, whose limits (a token bucket refilling as the test
// runs) tests/integration/security-rate-limits.test.ts covers.
describe.runIf(testsUsePostgres())('limits and lockouts across processes', { timeout: 300_000 }, () => {
  it('one process refuses 40 wrong sign-ins with the lockout, then the rate limit', async () => {
    const one = await start();
    expect(await answers([one], 40, wrongSignIn('one'))).toEqual(FORTY_WRONG_SIGN_INS);
    expect(await answers([one], 11, resetFromAnywhere('one'))).toEqual(ELEVEN_RESETS);
  });

  it('two processes on one PostgreSQL answer 40 wrong sign-ins and 11 resets exactly as one does', async () => {
    const a = await start();
    const b = await start({ DATABASE_URL: a.databaseUrl as string });
    expect(await answers([a, b], 40, wrongSignIn('pair'))).toEqual(FORTY_WRONG_SIGN_INS);
    expect(await answers([a, b], 11, resetFromAnywhere('pair'))).toEqual(ELEVEN_RESETS);
  });

  it("two processes on one PostgreSQL spend one API token's per-minute limit, and report it alike", async () => {
    const env = { API_RATE_LIMIT_PER_MINUTE: '10' };
    const a = await start(env);
    const b = await start({ ...env, DATABASE_URL: a.databaseUrl as string });
    const token = await apiToken(a, 'tokens-pair@example.com');
    const answers: string[] = [];
    for (let i = 0; i < 12; i++) {
      const target = i % 2 === 0 ? a : b;
      const res = await fetch(`${target.url}/api/posts`, { headers: { authorization: `Bearer ${token}` } });
      await res.body?.cancel();
      answers.push(
        `${res.status} limit=${res.headers.get('ratelimit-limit')} remaining=${res.headers.get('ratelimit-remaining')}` +
          (res.status === 429 ? ` retry-after=${Number(res.headers.get('retry-after')) > 0}` : ''),
      );
    }
    expect(answers).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `200 limit=10 remaining=${9 - i}`),
      '429 limit=10 remaining=0 retry-after=true',
      '429 limit=10 remaining=0 retry-after=true',
    ]);
  });
});

/** An API token (posts:read) made through Settings' route, which takes the web app's cookie only. */
async function apiToken(server: RunningServer, email: string): Promise<string> {
  const user = await createConfirmedUser(server, email);
  const headers = { 'content-type': 'application/json', origin: server.url };
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: user.password, remember: true }),
  });
  expect(login.status).toBe(200);
  const created = await fetch(`${server.url}/api/api-tokens`, {
    method: 'POST',
    headers: { ...headers, cookie: cookiesOf(login) },
    body: JSON.stringify({ name: 'script', scopes: ['posts:read'], expiresIn: 'never' }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return ((await created.json()) as { token: string }).token;
}
