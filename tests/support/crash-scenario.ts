import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { control } from '../../server/sandbox/sandbox-testing.js';
import { apiCall, connectSandboxAccount, createConfirmedUser } from './http-user.js';
import { imageBytes, mp4Bytes } from './publishing-support.js';
import { openServerDatabase, type RunningServer, startServer } from './spawn-server.js';

/**
 * The crash story behind `npm run bench:crash` and tests/integration/publishing-crash.test.ts:
 * posts across the six platforms fall due at the same moment, the real server is killed with
 * SIGKILL while they go out, a new server starts on the same data, and every post is checked
 * against what the sandbox published (its in-memory state, read directly: the sandbox runs in
 * this process).
 */
export interface CrashOptions {
  posts?: number;
  /** Kill once this share of the posts is public on the sandbox. */
  killAt?: number;
  log?: (line: string) => void;
}

export interface PlatformTally {
  posts: number;
  publicAtKill: number;
  posted: number;
  /** Public more than once. */
  twice: number;
  /** Neither public nor failed for the user to check. */
  lost: number;
  /** Failed as "check the platform" (the platform could not tell). */
  unconfirmed: number;
  /** ...although the platform never published it. */
  unconfirmedNeverReceived: number;
  /** Recorded as posted with an id or address the platform does not know. */
  wrongRecord: number;
  /** Marked "maybe sent" when the server died: the restarted server asked the platform first. */
  maybeSent: number;
  /** ...of which the platform had not received anything: sent after its listing delay, once. */
  maybeSentNotReceived: number;
  /** Found on the platform after the restart instead of being sent again. */
  reconciled: number;
}

export interface CrashReport {
  posts: number;
  publicAtKill: number;
  restartToSettledMs: number;
  byPlatform: Record<string, PlatformTally>;
  total: PlatformTally;
  /** Each failed post's platform and reason. */
  failures: string[];
}

const PLATFORMS = ['twitter', 'facebook', 'instagram', 'linkedin', 'tiktok', 'threads'] as const;

export async function runCrashScenario(options: CrashOptions = {}): Promise<CrashReport> {
  const posts = options.posts ?? 200;
  const log = options.log ?? (() => undefined);
  // Media processing and publishing take a moment, as on the platforms, so the kill finds
  // Instagram, Threads and TikTok posts in every stage; new posts are listed after 2 s.
  const sandbox = await startSandbox({
    port: 0,
    autoApprove: true,
    containerDelayMs: 300,
    listDelayMs: 2000,
  });
  await control(sandbox, '/settings', { rateLimits: false });
  const env = {
    SANDBOX_URL: sandbox.url,
    // Short enough for a test: a killed server's posts are taken over 2 s after its lease ends,
    // and a lost answer is trusted as "absent" 2 s + the sandbox's listing delay later.
    PUBLISH_LEASE_MS: '2000',
    PUBLISH_REQUEST_TIMEOUT_MS: '2000',
    PUBLISH_RETRY_BASE_MS: '200',
  };
  let server: RunningServer | undefined;
  try {
    server = await startServer(env);
    const user = await createConfirmedUser(server, 'crash@postloom.test');
    const accounts: Array<{ id: string; platform: string }> = [];
    for (const platform of PLATFORMS) {
      for (const id of await connectSandboxAccount(server.url, user.token, platform))
        accounts.push({ id, platform });
    }
    const image = await upload(server, user.token, await imageBytes('jpeg'), 'photo.jpg', 'image/jpeg');
    const video = await upload(server, user.token, mp4Bytes(64 * 1024), 'clip.mp4', 'video/mp4');

    // Created an hour ahead, then all moved to one moment 4 s away: however long creating them
    // takes (seconds on a machine busy with other test runs), none falls due before the last is
    // created, and the burst comes at once (the engine's sweep finds them within a second).
    const createdFor = Date.now() + 3_600_000;
    const expected = new Map<string, { platform: string }>();
    for (let index = 0; index < posts; index += 1) {
      const account = accounts[index % accounts.length] as { id: string; platform: string };
      // Plain words: LinkedIn escapes reserved characters in the text it stores.
      const content = `Crash story post ${index} ${Math.random().toString(36).slice(2, 9)}`;
      expected.set(content, { platform: account.platform });
      await apiCall(server.url, user.token, '/api/posts', {
        socialAccountId: account.id,
        content,
        media: account.platform === 'instagram' ? [image] : account.platform === 'tiktok' ? [video] : [],
        action: 'schedule',
        scheduledAt: new Date(createdFor).toISOString(),
      });
    }
    const dueAt = Date.now() + 4000;
    await moveScheduledPosts(server, dueAt);
    log(`${posts} posts across ${accounts.length} accounts due at ${new Date(dueAt).toISOString()}`);

    // The kill lands right as the sandbox records the post that reaches the threshold: the
    // requests still on their way arrive anyway, as they would at a platform.
    const killAt = Math.max(1, Math.floor(posts * (options.killAt ?? 0.3)));
    const victim = server.process;
    const exited = new Promise((resolve) => victim.once('exit', resolve));
    const published = sandbox.state.posts;
    const record = published.push.bind(published);
    let seen = 0;
    published.push = (...items) => {
      seen += items.filter((item) => expected.has(item.text)).length;
      if (seen >= killAt && victim.exitCode === null && !victim.killed) victim.kill('SIGKILL');
      return record(...items);
    };
    await Promise.race([
      exited,
      new Promise((_, reject) =>
        // Generous: a machine shared with other test runs can stall the burst for a long while.
        setTimeout(
          () =>
            reject(
              new Error(
                `the burst never went out; ${seen} of ${posts} seen on the sandbox; the server's last output:\n${server?.output().slice(-4000)}`,
              ),
            ),
          dueAt - Date.now() + 90_000,
        ),
      ),
    ]);
    const atKill = publicCounts(sandbox, expected);
    log(`kill -9 with ${atKill.size} of ${posts} posts public`);

    const restartedAt = Date.now();
    server = await startServer({ ...env, DATA_DIR: server.dataDir });
    const restarted = server;
    await waitUntil(async () => (await unsettled(restarted)) === 0, 120_000, 100);
    const restartToSettledMs = Date.now() - restartedAt;
    log(`every post settled ${restartToSettledMs} ms after the restart`);
    return await tally(sandbox, server, expected, atKill, restartToSettledMs);
  } finally {
    await server?.stop('SIGKILL');
    await sandbox.close();
  }
}

async function upload(server: RunningServer, token: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${server.url}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { media: { id: string } }).media.id;
}

/** How many times each expected text is public on the sandbox (comments and replies excluded). */
function publicCounts(sandbox: RunningSandbox, expected: Map<string, unknown>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const post of sandbox.state.posts) {
    if (expected.has(post.text)) counts.set(post.text, (counts.get(post.text) ?? 0) + 1);
  }
  return counts;
}

/** Every scheduled post of the server to `at`, in one write. */
async function moveScheduledPosts(server: RunningServer, at: number): Promise<void> {
  const db = openServerDatabase(server);
  try {
    await db
      .updateTable('scheduledPosts')
      .set({ scheduledAt: at, updatedAt: Date.now() })
      .where('status', '=', 'scheduled')
      .execute();
  } finally {
    await db.destroy();
  }
}

async function unsettled(server: RunningServer): Promise<number> {
  const db = openServerDatabase(server);
  try {
    const row = await db
      .selectFrom('scheduledPosts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['scheduled', 'publishing'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

function emptyTally(): PlatformTally {
  return {
    posts: 0,
    publicAtKill: 0,
    posted: 0,
    twice: 0,
    lost: 0,
    unconfirmed: 0,
    unconfirmedNeverReceived: 0,
    wrongRecord: 0,
    maybeSent: 0,
    maybeSentNotReceived: 0,
    reconciled: 0,
  };
}

async function tally(
  sandbox: RunningSandbox,
  server: RunningServer,
  expected: Map<string, { platform: string }>,
  atKill: Map<string, number>,
  restartToSettledMs: number,
): Promise<CrashReport> {
  const counts = publicCounts(sandbox, expected);
  const idsByText = new Map<string, string[]>();
  for (const post of sandbox.state.posts) {
    if (expected.has(post.text)) idsByText.set(post.text, [...(idsByText.get(post.text) ?? []), post.id]);
  }
  const db = openServerDatabase(server);
  const rows = (
    await db
      .selectFrom('scheduledPosts')
      .select(['id', 'content', 'status', 'errorMessage', 'platformPostId'])
      .execute()
  ).map((row) => ({
    id: row.id,
    content: row.content,
    status: row.status,
    error_message: row.errorMessage,
    platform_post_id: row.platformPostId,
  }));
  // Posts whose create request may have left when the server died (their attempt was ended as
  // 'unknown' by the restarted server, which then asked the platform before anything else).
  const maybeSentIds = new Set(
    (
      await db
        .selectFrom('publishAttempts')
        .select('postId')
        .distinct()
        .where('outcome', '=', 'unknown')
        .execute()
    ).map((row) => row.postId),
  );
  await db.destroy();
  const byPlatform: Record<string, PlatformTally> = {};
  const total = emptyTally();
  const failures: string[] = [];
  for (const row of rows) {
    const platform = expected.get(row.content)?.platform ?? 'unknown';
    if (row.status === 'failed') failures.push(`${platform}: ${row.error_message ?? 'no reason'}`);
    byPlatform[platform] ??= emptyTally();
    const times = counts.get(row.content) ?? 0;
    const unconfirmed = row.status === 'failed' && /could not confirm/i.test(row.error_message ?? '');
    const entry = {
      posts: 1,
      publicAtKill: atKill.has(row.content) ? 1 : 0,
      posted: row.status === 'posted' ? 1 : 0,
      twice: times > 1 ? 1 : 0,
      lost: times === 0 && !unconfirmed ? 1 : 0,
      unconfirmed: unconfirmed ? 1 : 0,
      unconfirmedNeverReceived: unconfirmed && times === 0 ? 1 : 0,
      wrongRecord:
        row.status === 'posted' &&
        (times === 0 ||
          (row.platform_post_id !== null && !idsByText.get(row.content)?.includes(row.platform_post_id)))
          ? 1
          : 0,
      maybeSent: maybeSentIds.has(row.id) ? 1 : 0,
      maybeSentNotReceived: maybeSentIds.has(row.id) && !atKill.has(row.content) ? 1 : 0,
      reconciled: row.status === 'posted' && maybeSentIds.has(row.id) && atKill.has(row.content) ? 1 : 0,
    };
    for (const key of Object.keys(entry) as Array<keyof PlatformTally>) {
      (byPlatform[platform] as PlatformTally)[key] += entry[key];
      total[key] += entry[key];
    }
  }
  return { posts: rows.length, publicAtKill: atKill.size, restartToSettledMs, byPlatform, total, failures };
}

/** The report as a table, one row per platform. */
export function formatCrashReport(report: CrashReport): string {
  const columns: Array<[keyof PlatformTally, string]> = [
    ['posts', 'posts'],
    ['publicAtKill', 'public at kill'],
    ['posted', 'posted'],
    ['maybeSent', 'maybe sent'],
    ['maybeSentNotReceived', 'maybe sent, not received'],
    ['reconciled', 'found after restart'],
    ['twice', 'duplicates'],
    ['lost', 'lost'],
    ['unconfirmed', 'unconfirmed'],
    ['unconfirmedNeverReceived', 'unconfirmed, never received'],
    ['wrongRecord', 'wrong id'],
  ];
  const header = ['platform', ...columns.map(([, label]) => label)];
  const lines = [
    ...Object.entries(report.byPlatform).map(([platform, row]) => [
      platform,
      ...columns.map(([key]) => String(row[key])),
    ]),
    ['total', ...columns.map(([key]) => String(report.total[key]))],
  ];
  const widths = header.map((title, index) =>
    Math.max(title.length, ...lines.map((line) => line[index]?.length ?? 0)),
  );
  const format = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
  const failed = report.failures.length > 0 ? ['', 'failed:', ...report.failures] : [];
  return [format(header), ...lines.map(format), ...failed].join('\n');
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error('timed out waiting');
}
