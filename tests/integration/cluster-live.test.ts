import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { control } from '../../server/sandbox/sandbox-testing.js';
import { startAnother, startProcesses } from '../support/cluster.js';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user.js';
import { openLiveStream } from '../support/live-stream.js';
import { type RunningServer, releaseServerDatabases } from '../support/spawn-server.js';
import { testsUsePostgres } from '../support/test-database-kind.js';

// A web process and a worker on one PostgreSQL (issue 26): what one process does reaches the
// browsers connected to the other, through LISTEN/NOTIFY and the relayed live events. The
// worker's safety-net sweep is a minute here, so only a signal can explain a prompt pick-up.
// PostgreSQL only: SQLite runs one process.

let sandbox: RunningSandbox;
let web: RunningServer;
let worker: RunningServer;
let user: HttpUser;
let xAccount: string;
const stopped: RunningServer[] = [];

beforeAll(async () => {
  if (!testsUsePostgres()) return;
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
  await control(sandbox, '/settings', { rateLimits: false });
  const env = { SANDBOX_URL: sandbox.url, PUBLISH_SWEEP_MS: '60000' };
  [web] = (await startProcesses(1, { ...env, ROLE: 'web' })) as [RunningServer];
  worker = await startAnother(web, { ...env, ROLE: 'worker' });
  user = await createConfirmedUser(web, 'live@postloom.test');
  [xAccount] = (await connectSandboxAccount(web.url, user.token, 'twitter')) as [string];
}, 120_000);

afterAll(async () => {
  for (const server of [web, worker, ...stopped]) await server?.stop('SIGKILL');
  await releaseServerDatabases();
  await sandbox?.close();
});

const bearer = () => ({ authorization: `Bearer ${user.token}` });

async function publishedTexts(): Promise<string[]> {
  return sandbox.state.posts.filter((post) => post.platform === 'twitter').map((post) => post.text);
}

/** The web app's sign-in: its session cookie, ready for a Cookie header. */
async function signInWithCookie(server: RunningServer, who: HttpUser): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe.runIf(testsUsePostgres())(
  'live work across processes on one PostgreSQL',
  { timeout: 120_000 },
  () => {
    it("a post saved on the web process is published by the worker at once, not at the worker's next sweep", async () => {
      const saved = Date.now();
      await apiCall(web.url, user.token, '/api/posts', {
        socialAccountId: xAccount,
        content: 'Saved on one process, sent by another',
        action: 'schedule',
        scheduledAt: new Date(saved + 1500).toISOString(),
      });
      // Without the signal the worker would find it at its next sweep, a minute from its start.
      await waitFor(
        async () => (await publishedTexts()).includes('Saved on one process, sent by another'),
        15_000,
      );
      expect(Date.now() - saved).toBeLessThan(15_000);
    });

    it('a browser connected to the web process sees the post the worker published, and the unread count', async () => {
      const stream = await openLiveStream(web.url, bearer());
      const post = await apiCall<{ post: { id: string } }>(web.url, user.token, '/api/posts', {
        socialAccountId: xAccount,
        content: 'Published by the worker, seen on the web process',
        action: 'schedule',
        scheduledAt: new Date(Date.now() + 1000).toISOString(),
      });
      const seen = await stream.until(
        (events) =>
          events.some(
            (event) =>
              event.type === 'post.updated' &&
              (event.post as { id: string; status: string }).id === post.post.id &&
              (event.post as { status: string }).status === 'posted',
          ) && events.some((event) => event.type === 'notification.inserted'),
        15_000,
      );
      const posted = seen.find(
        (event) => event.type === 'post.updated' && (event.post as { status: string }).status === 'posted',
      );
      expect(posted).toBeDefined();
      expect(seen.some((event) => event.type === 'notification.inserted')).toBe(true);
      await stream.close();
    });

    it('a live stream on one process ends when its session is revoked through another', async () => {
      // A second web process: the user's stream is on one, "sign out" goes to the other.
      const other = await startAnother(web, { SANDBOX_URL: sandbox.url, ROLE: 'web' });
      stopped.push(other);
      const session = await createConfirmedUser(web, 'revoked@postloom.test');
      const stream = await openLiveStream(web.url, { authorization: `Bearer ${session.token}` });
      const out = await fetch(`${other.url}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}`, origin: other.url },
      });
      expect(out.ok).toBe(true);
      const seen = await stream.until(
        (events) => events.some((event) => event.type === 'session.ended'),
        10_000,
      );
      expect(seen.map((event) => event.type)).toContain('session.ended');
    });

    it("deleting the account on the web process stops the worker's claimed posts of that user", async () => {
      const doomed = await createConfirmedUser(web, 'deleted@postloom.test');
      const [account] = (await connectSandboxAccount(web.url, doomed.token, 'twitter')) as [string];
      // Claimed by the worker ahead of its moment (it prepares posts due within 5 s), then the
      // account is deleted before the moment comes.
      await apiCall(web.url, doomed.token, '/api/posts', {
        socialAccountId: account,
        content: 'Never sent: its user left',
        action: 'schedule',
        scheduledAt: new Date(Date.now() + 4000).toISOString(),
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Account deletion needs the web app's session (a cookie), not a token.
      const cookie = await signInWithCookie(web, doomed);
      const deleted = await fetch(`${web.url}/api/settings/account`, {
        method: 'DELETE',
        headers: { cookie, origin: web.url, 'content-type': 'application/json' },
        body: JSON.stringify({ confirmation: 'DELETE', password: doomed.password }),
      });
      expect(deleted.status, await deleted.clone().text()).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(await publishedTexts()).not.toContain('Never sent: its user left');
    });
  },
);
