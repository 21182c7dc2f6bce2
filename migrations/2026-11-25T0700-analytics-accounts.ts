import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  // Analytics shows each connected account on its own row and filters by account: the
  // covering index of a user's post metrics by time now carries the account too, so the
  // per-account sums still never visit the table. It replaces the index without the account.
  await db.schema
    .createIndex('post_metrics_user_time_account')
    .on('post_metrics')
    .columns([
      'user_id',
      'posted_at',
      'platform',
      'social_account_id',
      'likes',
      'comments',
      'shares',
      'views',
      'engagement',
    ])
    .execute();
  await db.schema.dropIndex('post_metrics_user_time').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('post_metrics_user_time')
    .on('post_metrics')
    .columns(['user_id', 'posted_at', 'platform', 'likes', 'comments', 'shares', 'views', 'engagement'])
    .execute();
  await db.schema.dropIndex('post_metrics_user_time_account').ifExists().execute();
}
