import { afterAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { control } from '../../server/sandbox/sandbox-testing.js';
import type { PostDto } from '../../shared/posts/api.js';
import { apiCall, connectSandboxAccount, createConfirmedUser } from '../support/http-user.js';
import { injectFault, sandboxPublished, sandboxRequests } from '../support/publishing-support.js';
import {
  openServerDatabase,
  type RunningServer,
  releaseServerDatabases,
  startServer,
} from '../support/spawn-server.js';
import { testsUsePostgres } from '../support/test-database-kind.js';

// Issue 26: a token refresh for one account never runs twice at once anywhere in the cluster.
// X rotates its refresh tokens: each works once, so a second refresh running beside the first
// would be refused and the account wrongly marked for reconnecting.

let sandbox: RunningSandbox | undefined;
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  await releaseServerDatabases();
  await sandbox?.close();
});

// PostgreSQL only: several processes share one database only there; on SQLite's one process the
// refreshes queue behind each other in memory (publishing-adapters.test.ts refreshes once).
describe.runIf(testsUsePostgres())('a token refresh across processes', { timeout: 240_000 }, () => {
  it('20 publishes over two processes with an expired, rotating token make one refresh call and all publish', async () => {
    sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
    // Post Now only: no scheduler or token-refresh job of their own joins in.
    const env = { SANDBOX_URL: sandbox.url, SCHEDULER: 'off' };
    const a = await startServer(env, { startTimeoutMs: 90_000 });
    servers.push(a);
    const b = await startServer(
      { ...env, DATABASE_URL: a.databaseUrl as string },
      { startTimeoutMs: 90_000 },
    );
    servers.push(b);
    const user = await createConfirmedUser(a, 'rotating@example.com');
    const [accountId] = await connectSandboxAccount(a.url, user.token, 'twitter');

    // The access token is dead on the platform and known to be in the database, and a refresh
    // takes a while, so the publishes of both processes all find it expired together.
    await control(sandbox, '/expire-tokens', { platform: 'twitter' });
    const db = openServerDatabase(a);
    try {
      await db
        .updateTable('socialAccounts')
        .set({ expiresAt: Date.now() - 60_000 })
        .where('id', '=', accountId as string)
        .execute();
    } finally {
      await db.destroy();
    }
    await injectFault(sandbox, { pathSuffix: '/2/oauth2/token', kind: 'delay', delayMs: 300, times: 20 });
    const exchanges = (await sandboxRequests(sandbox, { pathSuffix: '/2/oauth2/token' })).length;

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        apiCall<{ post: PostDto }>((i % 2 === 0 ? a : b).url, user.token, '/api/posts', {
          socialAccountId: accountId,
          content: `Published through a shared refresh, ${i}`,
          media: [],
          action: 'publish',
        }),
      ),
    );

    expect(results.map(({ post }) => post.errorMessage ?? post.status)).toEqual(Array(20).fill('posted'));
    const refreshes = (await sandboxRequests(sandbox, { pathSuffix: '/2/oauth2/token' })).slice(exchanges);
    expect(refreshes.map((request) => request.status)).toEqual([200]);
    expect(await sandboxPublished(sandbox, 'twitter')).toHaveLength(20);
    const { accounts } = await apiCall<{ accounts: Array<{ id: string; status: string }> }>(
      b.url,
      user.token,
      '/api/accounts',
    );
    expect(accounts.find((account) => account.id === accountId)?.status).toBe('active');
  });
});
