import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('email_confirmed_at', t.epochMs)
    .addColumn('google_sub', 'text', (col) => col.unique())
    .addColumn('timezone', 'text', (col) => col.notNull().defaultTo('UTC'))
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('time_format', 'text')
    .addColumn('setup_complete', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();
  // E-mail is unique whatever its case.
  await t.uniqueIndexIgnoringCase('users_email_unique', 'users', 'email').execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', t.epochMs, (col) => col.notNull())
    .addColumn('remember', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('cookie'))
    .addColumn('last_used_at', t.epochMs, (col) => col.notNull())
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_attempts')
    .$call(t.autoIncrementId('id'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('succeeded', 'integer', (col) => col.notNull())
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_email_time')
    .on('login_attempts')
    .columns(['email', 'created_at'])
    .execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('code_hash', 'text')
    .addColumn('expires_at', t.epochMs, (col) => col.notNull())
    .addColumn('used_at', t.epochMs)
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('email_tokens_user')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text')
    .addColumn('code_verifier', 'text')
    .addColumn('nonce', 'text')
    .addColumn('redirect_to', 'text')
    .addColumn('data', 'text')
    .addColumn('expires_at', t.epochMs, (col) => col.notNull())
    .addColumn('used_at', t.epochMs)
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('social_accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('platform_account_id', 'text', (col) => col.notNull())
    .addColumn('account_name', 'text', (col) => col.notNull())
    .addColumn('account_handle', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('access_token', 'text', (col) => col.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('expires_at', t.epochMs)
    .addColumn('refresh_expires_at', t.epochMs)
    .addColumn('scopes', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('last_error', 'text')
    .addColumn('is_sandbox', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('token_refreshed_at', t.epochMs)
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .addUniqueConstraint('social_accounts_owner_unique', ['user_id', 'platform', 'platform_account_id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('data', 'text')
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_time')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('size_bytes', t.bigInteger, (col) => col.notNull())
    .addColumn('storage_path', 'text', (col) => col.notNull())
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('media_user').on('media').column('user_id').execute();

  await db.schema
    .createTable('scheduled_posts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('social_account_id', 'text', (col) =>
      col.references('social_accounts.id').onDelete('set null'),
    )
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('is_draft', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('scheduled_at', t.epochMs)
    .addColumn('posted_at', t.epochMs)
    .addColumn('post_type', 'text', (col) => col.notNull().defaultTo('normal'))
    .addColumn('media', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('tweets', 'text')
    .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('platform_post_id', 'text')
    .addColumn('platform_post_url', 'text')
    .addColumn('error_message', 'text')
    .addColumn('lease_until', t.epochMs)
    .addColumn('attempt_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.epochMs)
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('scheduled_posts_user_status')
    .on('scheduled_posts')
    .columns(['user_id', 'status', 'scheduled_at'])
    .execute();
  await db.schema
    .createIndex('scheduled_posts_due')
    .on('scheduled_posts')
    .columns(['status', 'next_attempt_at', 'scheduled_at'])
    .execute();

  await db.schema
    .createTable('post_media')
    .addColumn('post_id', 'text', (col) => col.notNull().references('scheduled_posts.id').onDelete('cascade'))
    .addColumn('media_id', 'text', (col) => col.notNull().references('media.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_media_pk', ['post_id', 'media_id'])
    .execute();
  await db.schema.createIndex('post_media_media').on('post_media').column('media_id').execute();

  await db.schema
    .createTable('publish_attempts')
    .$call(t.autoIncrementId('id'))
    .addColumn('post_id', 'text', (col) => col.notNull().references('scheduled_posts.id').onDelete('cascade'))
    .addColumn('attempt_no', 'integer', (col) => col.notNull())
    .addColumn('started_at', t.epochMs, (col) => col.notNull())
    .addColumn('ended_at', t.epochMs)
    .addColumn('outcome', 'text')
    .addColumn('http_status', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('publish_attempts_post').on('publish_attempts').column('post_id').execute();

  await db.schema
    .createTable('app_state')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'app_state',
    'publish_attempts',
    'post_media',
    'scheduled_posts',
    'media',
    'notifications',
    'social_accounts',
    'mail_outbox',
    'oauth_states',
    'email_tokens',
    'login_attempts',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
