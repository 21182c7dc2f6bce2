/** The crash story's report: what the sandbox published against what Postloom recorded, per platform. */
import type { RunningSandbox } from '../../server/sandbox/sandbox-server.js';
import { openServerDatabase, type RunningServer } from './spawn-server.js';

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

/** How many times each expected text is public on the sandbox (comments and replies excluded). */
export function publicCounts(sandbox: RunningSandbox, expected: Map<string, unknown>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const post of sandbox.state.posts) {
    if (expected.has(post.text)) counts.set(post.text, (counts.get(post.text) ?? 0) + 1);
  }
  return counts;
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

export async function tally(
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
