import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser, openTestDatabase } from '../../tests/support/test-database.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import { clearCommitSent, endAttempt, markCommitSent, startAttempt } from './publish-attempts.js';

const NOW = Date.now();
const CLAIM = 'worker-1:1';
let close: () => Promise<void>;
let db: Db;
let postId: string;

/** Each write of publish_attempts accepts open attempts only (an ended one keeps its record). */
const WRITES: Record<string, (attemptId: number) => Promise<boolean>> = {
  markCommitSent: async (id) => (await markCommitSent(db, id)).length > 0,
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
      leaseOwner: CLAIM,
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
      const id = await startAttempt(db, { postId, attemptNo: 1, now: NOW, claim: CLAIM });
      expect(await write(id)).toBe(true);
    });

    it(`refuses ${name} on an ended attempt and changes nothing`, async () => {
      const id = await startAttempt(db, { postId, attemptNo: 1, now: NOW, claim: CLAIM });
      await markCommitSent(db, id);
      await endAttempt(db, id, { outcome: 'success' });
      const before = await readAttempt(id);
      expect(await write(id)).toBe(false);
      expect(await readAttempt(id)).toEqual(before);
    });
  }

  it("marks a request as maybe sent only while the post carries the attempt's claim", async () => {
    const current = await startAttempt(db, { postId, attemptNo: 1, now: NOW, claim: CLAIM });
    // An attempt of an earlier claim of the same post (its worker's lease ran out since).
    const stale = await startAttempt(db, { postId, attemptNo: 1, now: NOW, claim: 'worker-1:0' });
    expect(await markCommitSent(db, current, stale)).toEqual([current]);
    expect((await readAttempt(stale)).commitSentAt).toBeNull();
    // Taken over by another worker: the current claim is not the post's any more either.
    await db
      .updateTable('scheduledPosts')
      .set({ leaseOwner: 'worker-2:1' })
      .where('id', '=', postId)
      .execute();
    const late = await startAttempt(db, { postId, attemptNo: 2, now: NOW, claim: CLAIM });
    expect(await markCommitSent(db, late)).toEqual([]);
    await db.updateTable('scheduledPosts').set({ leaseOwner: CLAIM }).where('id', '=', postId).execute();
  });
});
