import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newId } from '../../server/core/ids.js';
import { type Db, migrateToLatest } from '../../server/db/database.js';
import { createTestDatabase } from './test-database-kind.js';

/**
 * A migrated database (a SQLite file in a fresh temporary folder, or a new PostgreSQL database
 * when the tests run on PostgreSQL), for repository and transition tests.
 */
export async function openTestDatabase(): Promise<{ db: Db; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-db-'));
  const database = await createTestDatabase(dir);
  const db = database.open();
  await migrateToLatest(db);
  return {
    db,
    close: async () => {
      await db.destroy();
      try {
        await database.release();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Inserts a confirmed user and answers their id. */
export async function insertTestUser(db: Db, now = Date.now()): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      passwordHash: null,
      emailConfirmedAt: now,
      googleSub: null,
      timezone: 'UTC',
      language: 'en',
      timeFormat: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}
