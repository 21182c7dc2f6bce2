import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // Automated queues (spec 02 section 3). A run creates an ordinary scheduled post that the
  // publishing engine sends; the queue only keeps its items and when it runs next.
  await db.schema
    .createTable('queues')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_repeatable', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('interval_hours', 'integer', (col) => col.notNull().defaultTo(24))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    // Epoch ms of the next run; null once a one-time queue has published every item.
    .addColumn('next_run', t.epochMs)
    .addColumn('last_run_at', t.epochMs)
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('queues_user').on('queues').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('queues_due').on('queues').columns(['is_active', 'next_run']).execute();

  // An item is a whole post for one account, kept in the shape of scheduled_posts. Items run in
  // position order; a run moves the item it sends to the end, so the first item is always next.
  await db.schema
    .createTable('queue_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('queue_id', 'text', (col) => col.notNull().references('queues.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // A disconnected account leaves the item in place (skipped with a notification until edited).
    .addColumn('social_account_id', 'text', (col) =>
      col.references('social_accounts.id').onDelete('set null'),
    )
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('post_type', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('media', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('tweets', 'text')
    .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('run_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_run_at', t.epochMs)
    .addColumn('last_post_id', 'text', (col) => col.references('scheduled_posts.id').onDelete('set null'))
    .addColumn('last_skip_reason', 'text')
    .addColumn('last_skipped_at', t.epochMs)
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('queue_items_queue')
    .on('queue_items')
    .columns(['queue_id', 'position'])
    .execute();
  await db.schema.createIndex('queue_items_user').on('queue_items').column('user_id').execute();
  await db.schema.createIndex('queue_items_account').on('queue_items').column('social_account_id').execute();

  // The files an item uses: a media file in a queue item is "in use" like one in a post.
  await db.schema
    .createTable('queue_item_media')
    .addColumn('item_id', 'text', (col) => col.notNull().references('queue_items.id').onDelete('cascade'))
    .addColumn('media_id', 'text', (col) => col.notNull().references('media.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('queue_item_media_pk', ['item_id', 'media_id'])
    .execute();
  await db.schema.createIndex('queue_item_media_media').on('queue_item_media').column('media_id').execute();

  // The identical-text check of a run reads one account's posts.
  await db.schema
    .createIndex('scheduled_posts_account')
    .on('scheduled_posts')
    .column('social_account_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scheduled_posts_account').ifExists().execute();
  await db.schema.dropTable('queue_item_media').ifExists().execute();
  await db.schema.dropTable('queue_items').ifExists().execute();
  await db.schema.dropTable('queues').ifExists().execute();
}
