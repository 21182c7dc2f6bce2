import type { Db } from '../db/database.js';

/** The local outbox keeps a week of mail: its links expire long before. */
const OUTBOX_KEEP_MS = 7 * 24 * 60 * 60_000;

export async function pruneOutbox(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('mailOutbox')
    .where('createdAt', '<', now - OUTBOX_KEEP_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
