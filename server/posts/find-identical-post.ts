import { sql } from 'kysely';
import { DUPLICATE_TEXT_WINDOW_MS, refusesDuplicateText } from '../../shared/platforms/posting-rules.js';
import type { IdenticalPostQuery, IdenticalPostResult } from '../../shared/posts/api.js';
import { requireOwnAccount } from '../accounts/require-own-account.js';
import type { Db } from '../db/database.js';

/**
 * The nearest post of the account with the same text within the platform's duplicate window
 * either side of `at` (scheduled, being sent or sent: the platform sees each at its own time),
 * for platforms that refuse repeats. The composer warns with it; the platform stays the judge.
 */
export async function findIdenticalPost(
  db: Db,
  userId: string,
  query: IdenticalPostQuery,
  now = Date.now(),
): Promise<IdenticalPostResult> {
  const account = await requireOwnAccount(db, userId, query.socialAccountId);
  if (!query.content.trim() || !refusesDuplicateText(account.platform, query.hasMedia)) {
    return { identicalAt: null };
  }
  const at = query.at ? Date.parse(query.at) : now;
  const when = sql<number>`coalesce(posted_at, scheduled_at)`;
  let select = db
    .selectFrom('scheduledPosts')
    .select(when.as('at'))
    .where('userId', '=', userId)
    .where('socialAccountId', '=', account.id)
    .where('status', 'in', ['scheduled', 'publishing', 'posted'])
    .where('content', '=', query.content)
    .where(when, '>', at - DUPLICATE_TEXT_WINDOW_MS)
    .where(when, '<', at + DUPLICATE_TEXT_WINDOW_MS);
  if (query.excludePostId) select = select.where('id', '!=', query.excludePostId);
  const rows = await select.execute();
  const nearest = rows.reduce<number | null>(
    (best, row) => (best === null || Math.abs(row.at - at) < Math.abs(best - at) ? row.at : best),
    null,
  );
  return { identicalAt: nearest === null ? null : new Date(nearest).toISOString() };
}

/**
 * The same rule for many posts of one account at once (the bulk import): for each `{ content, at }`,
 * when the nearest post of the account with that text goes out within the window, or null. One
 * query per 500 texts instead of one per post. The account must already be known to be the user's.
 */
export async function findIdenticalPosts(
  db: Db,
  userId: string,
  accountId: string,
  checks: readonly { content: string; at: number }[],
): Promise<(string | null)[]> {
  if (checks.length === 0) return [];
  const texts = [...new Set(checks.map((check) => check.content))];
  const from = Math.min(...checks.map((check) => check.at)) - DUPLICATE_TEXT_WINDOW_MS;
  const to = Math.max(...checks.map((check) => check.at)) + DUPLICATE_TEXT_WINDOW_MS;
  const when = sql<number>`coalesce(posted_at, scheduled_at)`;
  const byText = new Map<string, number[]>();
  for (let start = 0; start < texts.length; start += 500) {
    const rows = await db
      .selectFrom('scheduledPosts')
      .select(['content', when.as('at')])
      .where('userId', '=', userId)
      .where('socialAccountId', '=', accountId)
      .where('status', 'in', ['scheduled', 'publishing', 'posted'])
      .where('content', 'in', texts.slice(start, start + 500))
      .where(when, '>', from)
      .where(when, '<', to)
      .execute();
    for (const row of rows) byText.set(row.content, [...(byText.get(row.content) ?? []), Number(row.at)]);
  }
  return checks.map(({ content, at }) => {
    const near = (byText.get(content) ?? []).filter(
      (other) => Math.abs(other - at) < DUPLICATE_TEXT_WINDOW_MS,
    );
    if (near.length === 0) return null;
    const nearest = near.reduce((best, other) => (Math.abs(other - at) < Math.abs(best - at) ? other : best));
    return new Date(nearest).toISOString();
  });
}
