import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // What earlier attempts already made public (thread part ids...) and whether a create
  // request may be in flight: read after a crash to decide "resume" versus "unconfirmed".
  await db.schema.alterTable('scheduled_posts').addColumn('publish_progress', 'text').execute();
  await db.schema.alterTable('scheduled_posts').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('publish_attempts').addColumn('commit_sent_at', t.epochMs).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('publish_attempts').dropColumn('commit_sent_at').execute();
  await db.schema.alterTable('scheduled_posts').dropColumn('lease_owner').execute();
  await db.schema.alterTable('scheduled_posts').dropColumn('publish_progress').execute();
}
