import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // One row per subscription at the payment provider, kept in step by its signed webhooks.
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_subscription_id', 'text', (col) => col.notNull())
    .addColumn('provider_customer_id', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('plan_id', 'text')
    .addColumn('plan_name', 'text')
    .addColumn('trial_end_date', t.epochMs)
    .addColumn('current_period_end', t.epochMs)
    .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('card_brand', 'text')
    .addColumn('card_last_four', 'text')
    .addColumn('test_mode', 'integer', (col) => col.notNull().defaultTo(0))
    // The provider's updated_at: an older event arriving late never overwrites a newer state.
    .addColumn('provider_updated_at', t.epochMs, (col) => col.notNull())
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_provider_id')
    .unique()
    .on('subscriptions')
    .columns(['provider', 'provider_subscription_id'])
    .execute();
  await db.schema.createIndex('subscriptions_user').on('subscriptions').column('user_id').execute();

  // Webhook deliveries already applied: the key is a digest of the event name and the signed
  // body, so a retried delivery is recognised and applied once.
  await db.schema
    .createTable('billing_webhook_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('event_name', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('received_at', t.epochMs, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_webhook_events').ifExists().execute();
  await db.schema.dropTable('subscriptions').ifExists().execute();
}
