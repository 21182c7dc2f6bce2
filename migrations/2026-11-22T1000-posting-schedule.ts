import { type Kysely, sql } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // Spec 02: posting_schedules and posting_times. The time zone and clock are the user's
  // preferences (users.timezone, users.time_format): one source for every page.
  await db.schema
    .createTable('posting_schedules')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // null: the schedule every account uses unless it has its own.
    .addColumn('social_account_id', 'text', (col) => col.references('social_accounts.id').onDelete('cascade'))
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();
  // One default schedule per user and one per account (NULLs are distinct in a plain UNIQUE).
  await sql`CREATE UNIQUE INDEX posting_schedules_owner ON posting_schedules (user_id, ${t.ifNull('social_account_id', "''")})`.execute(
    db,
  );

  await db.schema
    .createTable('posting_times')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('schedule_id', 'text', (col) =>
      col.notNull().references('posting_schedules.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // 0 = Sunday ... 6 = Saturday
    .addColumn('day', 'integer', (col) => col.notNull())
    // 'HH:MM', 24-hour, in the user's time zone
    .addColumn('time', 'text', (col) => col.notNull())
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .addUniqueConstraint('posting_times_unique', ['schedule_id', 'day', 'time'])
    .execute();

  // The calendar asks for one range of one user's posts at a time.
  await db.schema
    .createIndex('scheduled_posts_user_time')
    .on('scheduled_posts')
    .columns(['user_id', 'scheduled_at'])
    .execute();
  // "Add to queue" looks for an account's taken slots.
  await db.schema
    .createIndex('scheduled_posts_account_time')
    .on('scheduled_posts')
    .columns(['social_account_id', 'scheduled_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scheduled_posts_account_time').ifExists().execute();
  await db.schema.dropIndex('scheduled_posts_user_time').ifExists().execute();
  await db.schema.dropTable('posting_times').ifExists().execute();
  await db.schema.dropTable('posting_schedules').ifExists().execute();
}
