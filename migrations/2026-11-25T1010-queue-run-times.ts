import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  // When a queue runs: 'interval' (every interval_hours, as before), 'times' (run_times on
  // run_days, wall clock in the user's zone) or 'schedule' (the posting schedule's times: the
  // default one, or schedule_account_id's own).
  await db.schema
    .alterTable('queues')
    .addColumn('run_mode', 'text', (col) => col.notNull().defaultTo('interval'))
    .execute();
  // JSON array of 'HH:MM', sorted.
  await db.schema
    .alterTable('queues')
    .addColumn('run_times', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  // JSON array of weekdays, 0 = Sunday ... 6 = Saturday.
  await db.schema
    .alterTable('queues')
    .addColumn('run_days', 'text', (col) => col.notNull().defaultTo('[0,1,2,3,4,5,6]'))
    .execute();
  // A disconnected account's queues fall back to the default posting times.
  await db.schema
    .alterTable('queues')
    .addColumn('schedule_account_id', 'text', (col) =>
      col.references('social_accounts.id').onDelete('set null'),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['schedule_account_id', 'run_days', 'run_times', 'run_mode']) {
    await db.schema.alterTable('queues').dropColumn(column).execute();
  }
}
