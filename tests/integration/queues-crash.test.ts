import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import type { QueueDto } from '../../shared/queues/api.js';
import { apiCall, connectSandboxAccount, createConfirmedUser } from '../support/http-user.js';
import { injectFault, sandboxPublished } from '../support/publishing-support.js';
import { openServerDatabase, type RunningServer, startServer } from '../support/spawn-server.js';

describe('a queue run survives kill -9', () => {
  let sandbox: RunningSandbox;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await sandbox.close();
  });

  it('publishes the item of a run claimed before the kill exactly once after the restart', async () => {
    const env = { SANDBOX_URL: sandbox.url, PUBLISH_LEASE_MS: '2000' };
    server = await startServer(env);
    const user = await createConfirmedUser(server, 'queue-crash@postloom.test');
    const [account] = await connectSandboxAccount(server.url, user.token, 'twitter');
    // X answers the run's first create with 429 and "come back in 12 s": the run is claimed and
    // its post exists, nothing is public yet. That is the moment the server is killed.
    await injectFault(sandbox, {
      platform: 'twitter',
      method: 'POST',
      path: '/api.x.com/2/tweets',
      kind: 'status',
      status: 429,
      headers: { 'retry-after': '12' },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      times: 1,
    });
    const { queue } = await apiCall<{ queue: QueueDto }>(server.url, user.token, '/api/queues', {
      name: 'Crash-proof',
      isRepeatable: true,
      intervalHours: 24,
    });
    await apiCall(server.url, user.token, `/api/queues/${queue.id}/items`, {
      socialAccountId: account,
      content: 'Published once, whatever happens',
    });
    // The item waits for the run a day ahead: "Post next item now" runs the queue at once.
    await apiCall(server.url, user.token, `/api/queues/${queue.id}/run`, {});

    const data = { dataDir: server.dataDir, databaseUrl: server.databaseUrl };
    await waitUntil(async () => {
      const post = (await readPosts(data))[0];
      return post?.status === 'scheduled' && post.attemptCount === 1;
    }, 20_000);
    const before = await readQueue(data, queue.id);
    expect(before.nextRun).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    await server.stop('SIGKILL');
    expect(await sandboxPublished(sandbox, 'twitter')).toEqual([]);

    server = await startServer({ ...env, DATA_DIR: server.dataDir });
    await waitUntil(async () => (await readPosts(data))[0]?.status === 'posted', 40_000);
    // Time for a wrong second run to show itself.
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const posts = await readPosts(data);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ status: 'posted', content: 'Published once, whatever happens' });
    const published = await sandboxPublished(sandbox, 'twitter');
    expect(published.map((p) => p.text)).toEqual(['Published once, whatever happens']);
    expect((await readQueue(data, queue.id)).nextRun).toBe(before.nextRun);
  }, 90_000);
});

type ServerData = Parameters<typeof openServerDatabase>[0];

async function withDb<T>(server: ServerData, read: (db: Db) => Promise<T>): Promise<T> {
  const db = openServerDatabase(server);
  try {
    return await read(db);
  } finally {
    await db.destroy();
  }
}

function readPosts(server: ServerData) {
  return withDb(server, (db) =>
    db.selectFrom('scheduledPosts').select(['status', 'attemptCount', 'content']).execute(),
  );
}

function readQueue(server: ServerData, id: string) {
  return withDb(server, (db) =>
    db.selectFrom('queues').select('nextRun').where('id', '=', id).executeTakeFirstOrThrow(),
  );
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting');
}
