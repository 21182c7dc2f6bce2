import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // Issue 27: tokens for programs. Only the SHA-256 of a token is kept (token_hash).
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('hint', 'text', (col) => col.notNull())
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('known_addresses', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addColumn('expires_at', t.epochMs)
    .addColumn('last_used_at', t.epochMs)
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();

  // Idempotency-Key: one row per (user, token, key), claimed before the handler runs.
  await db.schema
    .createTable('idempotency_keys')
    .$call(t.autoIncrementId('id'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_id', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('operation', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('idempotency_keys_owner_key')
    .on('idempotency_keys')
    .columns(['user_id', 'token_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('idempotency_keys_time').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
  await db.schema.dropTable('api_tokens').ifExists().execute();
}
