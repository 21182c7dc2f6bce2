import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // When the user last proved who they are with Google in this session (the sign-in that made it,
  // or a "confirm with Google" from settings): account deletion asks for one within 10 minutes
  // from users without a password.
  await db.schema.alterTable('sessions').addColumn('google_auth_at', t.epochMs).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('google_auth_at').execute();
}
