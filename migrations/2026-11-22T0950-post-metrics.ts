import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // The latest engagement read from the platform for each published post. Written only by
  // the analytics feature; read by analytics and by the recommended posting times.
  await db.schema
    .createTable('post_metrics')
    .addColumn('post_id', 'text', (col) =>
      col.primaryKey().references('scheduled_posts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('social_account_id', 'text', (col) =>
      col.references('social_accounts.id').onDelete('set null'),
    )
    .addColumn('platform', 'text', (col) => col.notNull())
    // Copied from the post: the weekday x hour engagement queries read this table alone.
    .addColumn('posted_at', t.epochMs, (col) => col.notNull())
    .addColumn('likes', t.bigInteger, (col) => col.notNull().defaultTo(0))
    .addColumn('comments', t.bigInteger, (col) => col.notNull().defaultTo(0))
    .addColumn('shares', t.bigInteger, (col) => col.notNull().defaultTo(0))
    .addColumn('views', t.bigInteger, (col) => col.notNull().defaultTo(0))
    .addColumn('engagement', t.bigInteger, (col) => col.notNull().defaultTo(0))
    .addColumn('read_at', t.epochMs, (col) => col.notNull())
    .addColumn('next_read_at', t.epochMs)
    .execute();
  await db.schema
    .createIndex('post_metrics_user_account_time')
    .on('post_metrics')
    .columns(['user_id', 'social_account_id', 'posted_at'])
    .execute();
  await db.schema.createIndex('post_metrics_next_read').on('post_metrics').column('next_read_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_metrics').ifExists().execute();
}
