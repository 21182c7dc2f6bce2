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
