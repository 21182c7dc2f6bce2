import type { Db } from '../db/database.js';

const KEY = 'scheduler.lastTick';

/** The engine's last sweep, kept in the database so a health check after a restart can tell. */
export async function writeHeartbeat(db: Db, now: number): Promise<void> {
  const value = new Date(now).toISOString();
  await db
    .insertInto('appState')
    .values({ key: KEY, value, updatedAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now }))
    .execute();
}

export async function readHeartbeat(db: Db): Promise<string | null> {
  const row = await db.selectFrom('appState').select('value').where('key', '=', KEY).executeTakeFirst();
  return row?.value ?? null;
}
