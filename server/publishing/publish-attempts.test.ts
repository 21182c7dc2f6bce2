import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../core/ids.js';
import { type Db, databaseFile, migrateToLatest, openDatabase } from '../db/database.js';
import { clearCommitSent, endAttempt, markCommitSent, startAttempt } from './publish-attempts.js';

const NOW = Date.now();
let dir: string;
let db: Db;
let postId: string;

/** Each write of publish_attempts accepts open attempts only (an ended one keeps its record). */
const WRITES: Record<string, (attemptId: number) => Promise<boolean>> = {
  markCommitSent: async (id) => (await markCommitSent(db, id)) > 0,
  clearCommitSent: (id) => clearCommitSent(db, id),
  endAttempt: (id) => endAttempt(db, id, { outcome: 'retry', error: 'later' }),
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-attempts-'));
  db = openDatabase({ file: databaseFile(dir) });
  await migrateToLatest(db);
  const userId = newId();
  postId = newId();
  await db
    .insertInto('users')
    .values({
      id: userId,
      email: 'alice@example.com',
      passwordHash: null,
      emailConfirmedAt: NOW,
      googleSub: null,
      timezone: 'UTC',
      language: 'en',
      timeFormat: null,
      createdAt: NOW,
      updatedAt: NOW,
    })
    .execute();
  await db
    .insertInto('scheduledPosts')
    .values({
      id: postId,
      userId,
      socialAccountId: null,
      platform: 'twitter',
      content: 'Hello',
      status: 'publishing',
      isDraft: 0,
      scheduledAt: NOW,
      postedAt: null,
      postType: 'post',
      media: '[]',
      tweets: null,
      metadata: '{}',
      platformPostId: null,
      platformPostUrl: null,
      errorMessage: null,
      leaseUntil: null,
      nextAttemptAt: null,
      publishProgress: null,
      leaseOwner: null,
      createdAt: NOW,
      updatedAt: NOW,
    })
    .execute();
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

function readAttempt(id: number) {
  return db.selectFrom('publishAttempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('publish attempt writes', () => {
  for (const [name, write] of Object.entries(WRITES)) {
    it(`applies ${name} to an open attempt`, async () => {
      const id = await startAttempt(db, postId, 1, NOW);
      expect(await write(id)).toBe(true);
    });

    it(`refuses ${name} on an ended attempt and changes nothing`, async () => {
      const id = await startAttempt(db, postId, 1, NOW);
      await markCommitSent(db, id);
      await endAttempt(db, id, { outcome: 'success' });
      const before = await readAttempt(id);
      expect(await write(id)).toBe(false);
      expect(await readAttempt(id)).toEqual(before);
    });
  }
});
