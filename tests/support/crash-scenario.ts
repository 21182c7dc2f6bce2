import { startSandbox } from '../../server/sandbox/sandbox-server.js';
import { control } from '../../server/sandbox/sandbox-testing.js';
import { type CrashReport, publicCounts, tally } from './crash-report.js';
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
export { type CrashReport, formatCrashReport, type PlatformTally } from './crash-report.js';

export interface CrashOptions {
  posts?: number;
  /** Kill once this share of the posts is public on the sandbox. */
  killAt?: number;
  log?: (line: string) => void;
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

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error('timed out waiting');
}
