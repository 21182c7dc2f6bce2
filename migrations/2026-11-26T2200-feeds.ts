import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // A feed (RSS, Atom or JSON Feed) whose new items become queue items of one automated queue,
  // or drafts, for the chosen accounts. Checked every 30 minutes with conditional requests.
  await db.schema
    .createTable('feeds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    // 'queue' (queue_id) or 'drafts'.
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('queue_id', 'text', (col) => col.references('queues.id').onDelete('cascade'))
    // JSON array of social account ids.
    .addColumn('account_ids', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('take_image', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    // 'active' | 'paused'
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    // Why Postloom paused it (failed checks); null when the user did.
    .addColumn('paused_reason', 'text')
    .addColumn('consecutive_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_checked_at', t.epochMs)
    // The last check that read the feed: null until the first one, which takes only 3 items.
    .addColumn('last_success_at', t.epochMs)
    .addColumn('last_error', 'text')
    .addColumn('last_item_problem', 'text')
    .addColumn('items_taken', 'integer', (col) => col.notNull().defaultTo(0))
    // A check in progress holds the feed until then (epoch ms), so two never run at once.
    .addColumn('checking_until', t.epochMs)
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('feeds_user').on('feeds').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('feeds_due').on('feeds').columns(['status', 'last_checked_at']).execute();
  await db.schema.createIndex('feeds_queue').on('feeds').column('queue_id').execute();

  // Every item a feed has shown, by guid and by link ('guid:...', 'link:...'): an item whose
  // either key is here is never taken again, also when the feed rewrites it.
  await db.schema
    .createTable('feed_seen_items')
    .addColumn('feed_id', 'text', (col) => col.notNull().references('feeds.id').onDelete('cascade'))
    .addColumn('item_key', 'text', (col) => col.notNull())
    .addColumn('seen_at', t.epochMs, (col) => col.notNull())
    .addPrimaryKeyConstraint('feed_seen_items_pk', ['feed_id', 'item_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feed_seen_items').execute();
  await db.schema.dropTable('feeds').execute();
}
