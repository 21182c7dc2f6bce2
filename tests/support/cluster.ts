import { sql } from 'kysely';
import type { RunningSandbox } from '../../server/sandbox/sandbox-server.js';
import { apiCall, connectSandboxAccount, createConfirmedUser } from './http-user.js';
import { openServerDatabase, type RunningServer, startServer } from './spawn-server.js';

/**
 * Several Postloom processes on one PostgreSQL database (issue 26), for tests and
 * `npm run bench:cluster`: started like `npm start` (the test bundle or the sources), each with
 * its own DATA_DIR and port, all with the first one's DATABASE_URL and the same ENCRYPTION_KEY.
 */
export async function startProcesses(count: number, env: Record<string, string>): Promise<RunningServer[]> {
  const first = await startServer(env, { startTimeoutMs: 90_000 });
  const rest = await Promise.all(
    Array.from({ length: count - 1 }, () =>
      startServer({ ...env, DATABASE_URL: first.databaseUrl as string }, { startTimeoutMs: 90_000 }),
    ),
  );
  return [first, ...rest];
}

/** One more process on the same database (a restart, a rolling upgrade's new process). */
export function startAnother(like: RunningServer, env: Record<string, string>): Promise<RunningServer> {
  return startServer({ ...env, DATABASE_URL: like.databaseUrl as string }, { startTimeoutMs: 90_000 });
}

export interface Burst {
  /** Every post's unique text, with its platform. */
  expected: Map<string, { platform: string }>;
  dueAt: number;
}

/** Users with their accounts, as a burst spreads its posts over them. */
export interface BurstAccounts {
  users: Array<{ token: string; handles: Array<{ handle: string; platform: string }> }>;
}

/** `users` users, each with an account on each of `platforms`. */
export async function seedAccounts(
  server: RunningServer,
  options: { users: number; platforms: readonly string[]; tag: string },
): Promise<BurstAccounts> {
  const users: BurstAccounts['users'] = [];
  for (let u = 0; u < options.users; u += 1) {
    const { token } = await createConfirmedUser(server, `${options.tag}-${u}@postloom.test`);
    for (const platform of options.platforms) await connectSandboxAccount(server.url, token, platform);
    const listed = await fetch(`${server.url}/api/accounts`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { accounts } = (await listed.json()) as {
      accounts: Array<{ accountHandle: string | null; accountName: string; platform: string }>;
    };
    users.push({
      token,
      // By handle where the platform has one (LinkedIn members have none: by name).
      handles: accounts.map((a) => ({
        handle: a.accountHandle ? `@${a.accountHandle}` : a.accountName,
        platform: a.platform,
      })),
    });
  }
  return { users };
}

/**
 * `users` users with an account on each of `platforms`, and `posts` text posts spread over the
 * accounts, all due at one moment `leadMs` after they are ready (see scheduleBurst).
 */
export async function seedBurst(
  server: RunningServer,
  options: { users: number; platforms: readonly string[]; posts: number; leadMs: number; tag: string },
): Promise<Burst> {
  return scheduleBurst(server, await seedAccounts(server, options), options);
}

/**
 * `posts` text posts spread over the accounts, all due at one moment `leadMs` after they are
 * ready: imported an hour ahead (one request per user), then moved to the moment in one write,
 * however long creating them took.
 */
export async function scheduleBurst(
  server: RunningServer,
  { users: perUser }: BurstAccounts,
  options: { posts: number; leadMs: number; tag: string },
): Promise<Burst> {
  const accounts = perUser.flatMap((user, u) => user.handles.map((handle) => ({ ...handle, user: u })));
  const expected = new Map<string, { platform: string }>();
  const rowsByUser = perUser.map(() => [] as Array<{ text: string; accounts: string; time: string }>);
  const createdFor = new Date(Date.now() + 3_600_000).toISOString();
  for (let index = 0; index < options.posts; index += 1) {
    const account = accounts[index % accounts.length] as (typeof accounts)[number];
    // Plain words: LinkedIn escapes reserved characters in the text it stores.
    const text = `${options.tag} post ${index} ${Math.random().toString(36).slice(2, 9)}`;
    expected.set(text, { platform: account.platform });
    rowsByUser[account.user]?.push({ text, accounts: account.handle, time: createdFor });
  }
  for (const [u, rows] of rowsByUser.entries()) {
    if (rows.length === 0) continue;
    await apiCall(server.url, perUser[u]?.token as string, '/api/posts/import', { rows, mode: 'keep' });
  }
  const dueAt = Date.now() + options.leadMs;
  const db = openServerDatabase(server);
  try {
    await db
      .updateTable('scheduledPosts')
      .set({ scheduledAt: dueAt, updatedAt: Date.now() })
      .where('status', '=', 'scheduled')
      .execute();
  } finally {
    await db.destroy();
  }
  return { expected, dueAt };
}

export interface BurstOutcome {
  posts: number;
  /** Recorded as posted by Postloom. */
  posted: number;
  /** Public on the sandbox more than once. */
  twice: number;
  /** Neither public nor failed for the user to check. */
  lost: number;
  /** Public, but recorded as failed (sent again and refused as a duplicate, say). */
  failedButPublic: number;
  /** Recorded as posted, but not public. */
  postedButAbsent: number;
  /** Still claimed by some process (status publishing). */
  claimed: number;
  /** Failed posts: "platform: reason". */
  failures: string[];
  /** The processes (workers.id) that made the attempts, with how many each made. */
  attemptsByWorker: Map<string, number>;
}

/** Waits until no post of the burst is scheduled or publishing (or the time is up). */
export async function waitUntilSettled(server: RunningServer, timeoutMs: number): Promise<void> {
  const db = openServerDatabase(server);
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const row = await db
        .selectFrom('scheduledPosts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['scheduled', 'publishing'])
        .executeTakeFirstOrThrow();
      if (Number(row.n) === 0) return;
      if (process.env.CLUSTER_DEBUG) {
        const states = await db
          .selectFrom('scheduledPosts')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute();
        console.log(new Date().toISOString(), JSON.stringify(states));
      }
      await new Promise((resolve) => setTimeout(resolve, process.env.CLUSTER_DEBUG ? 2000 : 200));
    }
  } finally {
    await db.destroy();
  }
}

/** The burst as the sandbox saw it against what the database recorded. */
export async function burstOutcome(
  sandbox: RunningSandbox,
  server: RunningServer,
  burst: Burst,
): Promise<BurstOutcome> {
  const counts = new Map<string, number>();
  for (const post of sandbox.state.posts) {
    if (burst.expected.has(post.text)) counts.set(post.text, (counts.get(post.text) ?? 0) + 1);
  }
  const db = openServerDatabase(server);
  try {
    const rows = await db
      .selectFrom('scheduledPosts')
      .select(['id', 'content', 'status', 'errorMessage', 'platform'])
      .execute();
    const attempts = await sql<{ worker: string; n: number }>`
      select split_part(claim, ':', 1) as worker, count(*) as n from publish_attempts
      where claim is not null group by 1`.execute(db);
    const outcome: BurstOutcome = {
      posts: 0,
      posted: 0,
      twice: 0,
      lost: 0,
      failedButPublic: 0,
      postedButAbsent: 0,
      claimed: 0,
      failures: [],
      attemptsByWorker: new Map(attempts.rows.map((row) => [row.worker, Number(row.n)])),
    };
    const failedIds = rows.filter((row) => row.status === 'failed').map((row) => row.id);
    if (process.env.CLUSTER_DEBUG && failedIds.length > 0) {
      const trail = await db
        .selectFrom('publishAttempts')
        .selectAll()
        .where('postId', 'in', failedIds.slice(0, 3))
        .orderBy('id')
        .execute();
      console.log(JSON.stringify(trail, null, 1));
    }
    for (const row of rows) {
      if (!burst.expected.has(row.content)) continue;
      outcome.posts += 1;
      const seen = counts.get(row.content) ?? 0;
      if (row.status === 'posted') outcome.posted += 1;
      if (row.status === 'publishing') outcome.claimed += 1;
      if (row.status === 'failed') outcome.failures.push(`${row.platform}: ${row.errorMessage}`);
      if (seen > 1) outcome.twice += 1;
      if (seen === 0 && row.status !== 'failed') outcome.lost += 1;
      if (seen > 0 && row.status === 'failed') outcome.failedButPublic += 1;
      if (seen === 0 && row.status === 'posted') outcome.postedButAbsent += 1;
    }
    return outcome;
  } finally {
    await db.destroy();
  }
}
