import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import type { QueueDto } from '../../shared/queues/api.js';
import { apiCall, connectSandboxAccount, createConfirmedUser } from '../support/http-user.js';
import { injectFault, sandboxPublished } from '../support/publishing-support.js';
import { type RunningServer, startServer } from '../support/spawn-server.js';

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

    const dbFile = path.join(server.dataDir, 'postloom.sqlite');
    await waitUntil(() => {
      const post = readPosts(dbFile)[0];
      return post?.status === 'scheduled' && post.attempt_count === 1;
    }, 20_000);
    const before = readQueue(dbFile, queue.id);
    expect(before.next_run).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    await server.stop('SIGKILL');
    expect(await sandboxPublished(sandbox, 'twitter')).toEqual([]);

    server = await startServer({ ...env, DATA_DIR: server.dataDir });
    await waitUntil(() => readPosts(dbFile)[0]?.status === 'posted', 40_000);
    // Time for a wrong second run to show itself.
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const posts = readPosts(dbFile);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ status: 'posted', content: 'Published once, whatever happens' });
    const published = await sandboxPublished(sandbox, 'twitter');
    expect(published.map((p) => p.text)).toEqual(['Published once, whatever happens']);
    expect(readQueue(dbFile, queue.id).next_run).toBe(before.next_run);
  }, 90_000);
});

function withDb<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

function readPosts(file: string) {
  return withDb(
    file,
    (db) =>
      db.prepare('select status, attempt_count, content from scheduled_posts').all() as Array<{
        status: string;
        attempt_count: number;
        content: string;
      }>,
  );
}

function readQueue(file: string, id: string) {
  return withDb(
    file,
    (db) => db.prepare('select next_run from queues where id = ?').get(id) as { next_run: number },
  );
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting');
}
