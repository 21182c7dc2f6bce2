import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // The e-mail and Web Push of a notification (issue 26): written in the transaction of the
  // notification itself, sent later by whichever process claims it, so neither a crash nor
  // several processes lose or repeat one. The content is kept as it was when written (the
  // notification may be deleted or merged since). next_attempt_at is also the claim: a worker
  // moves it past its lease while it sends; claimed_by fences the claim's outcome.
  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_id', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    // pending | done | failed
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempt_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.epochMs)
    .addColumn('claimed_by', 'text')
    .addColumn('email_sent_at', t.epochMs)
    .addColumn('push_sent_at', t.epochMs)
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notification_deliveries_due')
    .on('notification_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_deliveries').execute();
}
