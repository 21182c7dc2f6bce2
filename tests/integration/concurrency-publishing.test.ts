import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/core/ids.js';
import type { Db } from '../../server/db/database.js';
import { sqlDialect } from '../../server/db/sql-dialect.js';
import { insertPost } from '../../server/posts/posts.repository.js';
import { createDueGate } from '../../server/publishing/due-gate.js';
import { markCommitSent, startAttempt } from '../../server/publishing/publish-attempts.js';
import { raceOpenTransaction } from '../support/concurrency.js';
import { insertTestUser, openTestDatabase } from '../support/test-database.js';

// The due gate marks a batch of create requests "may have been sent" in one write and lets the
// batch leave only once that write is stored. On SQLite the write ran to its end before the
// next line; on PostgreSQL it is a round trip that another transaction's lock can hold up: the
// requests must still wait for it, never leave unmarked.

let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await openTestDatabase());
});
afterEach(() => close());

async function openAttempts(count: number): Promise<number[]> {
  const userId = await insertTestUser(db);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const postId = newId();
    await insertPost(db, {
      id: postId,
      userId,
      platform: 'twitter',
      content: `Burst ${i}`,
      status: 'publishing',
      leaseOwner: 'worker-1:1',
      isDraft: 0,
      scheduledAt: Date.now(),
      postType: 'normal',
      media: '[]',
      metadata: '{}',
      createdAt: Date.now(),
      updatedAt: Date.now(),
    });
    ids.push(await startAttempt(db, { postId, attemptNo: 1, now: Date.now(), claim: 'worker-1:1' }));
  }
  return ids;
}

describe('the due gate on either database', () => {
  it('sends no request of a batch before its mark is stored, even while a lock holds the mark up', async () => {
    const attempts = await openAttempts(4);
    const events: string[] = [];
    const gate = createDueGate(
      async (ids) => {
        const marked = await markCommitSent(db, ...ids);
        events.push(`marked ${ids.length}`);
        return marked;
      },
      { batchSize: 2 },
    );
    const at = Date.now() + 150;
    let sending: Promise<unknown> | undefined;
    await raceOpenTransaction(
      db,
      async (trx) => {
        // Another writer holds the attempts' rows past the due moment.
        await sqlDialect(trx)
          .lockRows(trx.selectFrom('publishAttempts').select('id').where('id', 'in', attempts))
          .execute();
        sending = Promise.all(
          attempts.map((attemptId) =>
            gate.wait(
              {
                attemptId,
                platform: 'twitter',
                commit: true,
                send: async () => {
                  events.push(`sent ${attemptId}`);
                },
              },
              at,
            ),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(events).toEqual([]);
      },
      async () => sending,
    );
    await sending;
    expect(events).toEqual([
      'marked 2',
      `sent ${attempts[0]}`,
      `sent ${attempts[1]}`,
      'marked 2',
      `sent ${attempts[2]}`,
      `sent ${attempts[3]}`,
    ]);
    const marked = await db
      .selectFrom('publishAttempts')
      .select('commitSentAt')
      .where('id', 'in', attempts)
      .execute();
    expect(marked.every((row) => row.commitSentAt !== null)).toBe(true);
  });
});
