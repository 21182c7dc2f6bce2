import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // One row per connected account and UTC day: the account-level numbers the analytics
  // collector read that day (the last read of the day wins). Written only by analytics.
  await db.schema
    .createTable('account_metrics_daily')
    .addColumn('social_account_id', 'text', (col) =>
      col.notNull().references('social_accounts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (col) => col.notNull())
    // 'YYYY-MM-DD' (UTC)
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('followers', t.bigInteger)
    .addColumn('read_at', t.epochMs, (col) => col.notNull())
    .addPrimaryKeyConstraint('account_metrics_daily_pk', ['social_account_id', 'day'])
    .execute();
  await db.schema
    .createIndex('account_metrics_daily_user_day')
    .on('account_metrics_daily')
    .columns(['user_id', 'day'])
    .execute();
  // Analytics ranges read a user's post metrics by the time the post went out; the counts are
  // in the index too, so sums over a range never visit the table.
  await db.schema
    .createIndex('post_metrics_user_time')
    .on('post_metrics')
    .columns(['user_id', 'posted_at', 'platform', 'likes', 'comments', 'shares', 'views', 'engagement'])
    .execute();
  // Counting a user's published posts by the time they went out (analytics' total posts).
  await db.schema
    .createIndex('scheduled_posts_user_posted')
    .on('scheduled_posts')
    .columns(['user_id', 'status', 'posted_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scheduled_posts_user_posted').ifExists().execute();
  await db.schema.dropIndex('post_metrics_user_time').ifExists().execute();
  await db.schema.dropTable('account_metrics_daily').ifExists().execute();
}
