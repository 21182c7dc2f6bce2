import type { Db } from '../db/database.js';
import type { AccountMetricsDailyTable, PostMetricsTable } from '../db/schema.js';

/** Today's account-level numbers; a later read the same day replaces an earlier one. */
export async function upsertAccountMetrics(db: Db, row: AccountMetricsDailyTable): Promise<void> {
  await db
    .insertInto('accountMetricsDaily')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['socialAccountId', 'day']).doUpdateSet({
        // A platform that did not tell this time keeps the number read earlier that day.
        followers: (eb) => eb.fn.coalesce(eb.val(row.followers), eb.ref('accountMetricsDaily.followers')),
        readAt: row.readAt,
      }),
    )
    .execute();
}

/**
 * `post_metrics` and `account_metrics_daily` are written here and nowhere else (the analytics
 * collector calls it); other features read engagement through `listEngagementSamples`.
 */
export async function upsertPostMetrics(db: Db, rows: PostMetricsTable[]): Promise<void> {
  for (const row of rows) {
    await db
      .insertInto('postMetrics')
      .values(row)
      .onConflict((oc) =>
        oc.column('postId').doUpdateSet({
          socialAccountId: row.socialAccountId,
          postedAt: row.postedAt,
          likes: row.likes,
          comments: row.comments,
          shares: row.shares,
          views: row.views,
          engagement: row.engagement,
          readAt: row.readAt,
          nextReadAt: row.nextReadAt,
        }),
      )
      .execute();
  }
}

interface EngagementSample {
  socialAccountId: string | null;
  platform: string;
  postedAt: number;
  engagement: number;
}

/** The user's published posts with engagement, optionally for one account, oldest first. */
export async function listEngagementSamples(
  db: Db,
  filter: { userId: string; socialAccountId?: string; since?: number },
): Promise<EngagementSample[]> {
  let query = db
    .selectFrom('postMetrics')
    .select(['socialAccountId', 'platform', 'postedAt', 'engagement'])
    .where('userId', '=', filter.userId);
  if (filter.socialAccountId) query = query.where('socialAccountId', '=', filter.socialAccountId);
  if (filter.since !== undefined) query = query.where('postedAt', '>=', filter.since);
  return query.orderBy('postedAt').execute();
}
