import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // A post composed once for several accounts: the shared text, media (JSON array of media ids)
  // and link every version follows until it is customised. Each account's post stays an ordinary
  // scheduled_posts row that points here.
  await db.schema
    .createTable('post_groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('media', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('link', 'text')
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('post_groups_user').on('post_groups').column('user_id').execute();

  await db.schema
    .alterTable('scheduled_posts')
    .addColumn('group_id', 'text', (col) => col.references('post_groups.id').onDelete('set null'))
    .execute();
  // 1: this version has its own text and no longer follows the group's shared text.
  await db.schema
    .alterTable('scheduled_posts')
    .addColumn('customized', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('scheduled_posts_group').on('scheduled_posts').column('group_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scheduled_posts_group').execute();
  await db.schema.alterTable('scheduled_posts').dropColumn('customized').execute();
  await db.schema.alterTable('scheduled_posts').dropColumn('group_id').execute();
  await db.schema.dropTable('post_groups').execute();
}
