import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser, openTestDatabase } from '../../tests/support/test-database.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import { clearCommitSent, endAttempt, markCommitSent, startAttempt } from './publish-attempts.js';

const NOW = Date.now();
let close: () => Promise<void>;
let db: Db;
let postId: string;

/** Each write of publish_attempts accepts open attempts only (an ended one keeps its record). */
const WRITES: Record<string, (attemptId: number) => Promise<boolean>> = {
  markCommitSent: async (id) => (await markCommitSent(db, id)) > 0,
  clearCommitSent: (id) => clearCommitSent(db, id),
  endAttempt: (id) => endAttempt(db, id, { outcome: 'retry', error: 'later' }),
};

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  const userId = await insertTestUser(db, NOW);
  postId = newId();
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

afterAll(() => close());

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
