import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser, openTestDatabase } from '../../tests/support/test-database.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import type { ScheduledPostRow } from '../db/schema.js';
import { type PostStatus, TRANSITION_FROM } from './post-states.js';
import * as transitions from './post-transitions.js';

const STATUSES: PostStatus[] = ['draft', 'scheduled', 'publishing', 'posted', 'failed'];
const OWNER = 'worker-1:1';
const NOW = Date.now();

/**
 * Every allowed (transition, from-status) pair and the status it leaves the post in. Every pair
 * not listed must be refused and change nothing.
 */
const ALLOWED: Record<keyof typeof TRANSITION_FROM, { from: PostStatus[]; to: PostStatus | 'same' }> = {
  saveUserTiming: { from: ['draft', 'scheduled', 'failed'], to: 'scheduled' },
  claimDue: { from: ['scheduled'], to: 'publishing' },
  claimNow: { from: ['draft', 'scheduled', 'failed'], to: 'publishing' },
  renewLease: { from: ['publishing'], to: 'same' },
  countAttempt: { from: ['publishing'], to: 'same' },
  saveProgress: { from: ['publishing'], to: 'same' },
  askPlatformFirst: { from: ['publishing'], to: 'same' },
  forgetQuestion: { from: ['publishing'], to: 'same' },
  deferForCap: { from: ['publishing'], to: 'scheduled' },
  scheduleRetry: { from: ['publishing'], to: 'scheduled' },
  markPosted: { from: ['publishing'], to: 'posted' },
  markFailed: { from: ['publishing'], to: 'failed' },
  failWithoutAccess: { from: ['publishing'], to: 'failed' },
  requeueOrphan: { from: ['publishing'], to: 'scheduled' },
  handBack: { from: ['publishing'], to: 'scheduled' },
  failOrphanUnconfirmed: { from: ['publishing'], to: 'failed' },
  failMissed: { from: ['scheduled'], to: 'failed' },
  releaseOnDisconnect: { from: ['scheduled', 'publishing'], to: 'failed' },
};

type Run = (db: Db, post: ScheduledPostRow) => Promise<unknown>;

/** Each transition called with arguments that would apply if the status allowed it. */
const RUN: Record<keyof typeof TRANSITION_FROM, Run> = {
  saveUserTiming: (db, post) =>
    transitions.saveUserTiming(db, {
      userId: post.userId,
      postId: post.id,
      from: post.status,
      timing: { status: 'scheduled', isDraft: 0, scheduledAt: NOW + 60_000 },
      restart: true,
      now: NOW,
    }),
  claimDue: (db, post) =>
    transitions.claimDuePosts(db, {
      platform: post.platform,
      now: NOW,
      limit: 10,
      leaseUntil: NOW + 60_000,
      claim: OWNER,
    }),
  claimNow: (db, post) =>
    transitions.claimPostNow(db, {
      postId: post.id,
      userId: post.userId,
      now: NOW,
      leaseUntil: NOW + 60_000,
      claim: OWNER,
    }),
  renewLease: (db) => transitions.renewLeases(db, { claims: [OWNER], leaseUntil: NOW + 1 }),
  countAttempt: (db, post) => transitions.countAttempt(db, post.id, 1),
  saveProgress: (db, post) => transitions.saveProgress(db, post.id, { parts: ['1'] }),
  askPlatformFirst: (db, post) => transitions.askPlatformFirst(db, post.id, NOW - 5000),
  forgetQuestion: (db, post) => transitions.forgetQuestion(db, post.id),
  deferForCap: (db, post) => transitions.deferForCap(db, post.id, NOW + 60_000),
  scheduleRetry: (db, post) =>
    transitions.scheduleRetry(db, { postId: post.id, nextAttemptAt: NOW + 1000, reason: 'busy', now: NOW }),
  markPosted: (db, post) =>
    transitions.markPosted(db, { postId: post.id, platformPostId: 'p1', url: null, now: NOW }),
  markFailed: (db, post) => transitions.markFailed(db, { postId: post.id, reason: 'refused', now: NOW }),
  failWithoutAccess: (db, post) =>
    transitions.failWithoutAccess(db, { postIds: [post.id], claim: OWNER, reason: 'no access', now: NOW }),
  requeueOrphan: (db, post) => transitions.requeueOrphan(db, { postId: post.id, now: NOW }),
  handBack: (db, post) => transitions.handBack(db, { postId: post.id, claim: OWNER, now: NOW }),
  failOrphanUnconfirmed: (db, post) =>
    transitions.failOrphanUnconfirmed(db, { postId: post.id, now: NOW, reason: 'unconfirmed' }),
  failMissed: (db) => transitions.failMissed(db, { cutoff: NOW, now: NOW, reason: 'missed' }),
  releaseOnDisconnect: (db, post) =>
    transitions.releaseOnDisconnect(db, {
      userId: post.userId,
      accountId: post.socialAccountId!,
      reason: 'Account disconnected',
      now: NOW,
    }),
};

function didApply(answer: unknown): boolean {
  if (Array.isArray(answer)) return answer.length > 0;
  if (typeof answer === 'number') return answer > 0;
  return Boolean(answer);
}

let close: () => Promise<void>;
let db: Db;
let userId: string;
let accountId: string;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  userId = await insertTestUser(db, NOW);
  accountId = newId();
  await db
    .insertInto('socialAccounts')
    .values({
      id: accountId,
      userId,
      platform: 'twitter',
      platformAccountId: 'x-1',
      accountName: 'Alice',
      accountHandle: 'alice',
      avatarUrl: null,
      accessToken: 'sealed',
      refreshToken: null,
      expiresAt: null,
      refreshExpiresAt: null,
      scopes: null,
      status: 'active',
      lastError: null,
      isSandbox: 1,
      metadata: '{}',
      tokenRefreshedAt: NOW,
      createdAt: NOW,
      updatedAt: NOW,
    })
    .execute();
});

afterAll(() => close());

/** A post in `status`, due an hour ago, held by OWNER with a lease that ran out, never attempted. */
async function insertPost(status: PostStatus): Promise<ScheduledPostRow> {
  await db.deleteFrom('scheduledPosts').execute();
  const row = {
    id: newId(),
    userId,
    socialAccountId: accountId,
    platform: 'twitter',
    content: 'Hello',
    status,
    isDraft: status === 'draft' ? 1 : 0,
    scheduledAt: NOW - 60 * 60_000,
    postedAt: null,
    postType: 'post',
    media: '[]',
    tweets: null,
    metadata: '{}',
    platformPostId: null,
    platformPostUrl: null,
    errorMessage: null,
    leaseUntil: NOW - 1000,
    attemptCount: 0,
    nextAttemptAt: null,
    publishProgress: JSON.stringify({ reconcile: { since: NOW - 9000 }, commitPending: true }),
    leaseOwner: OWNER,
    createdAt: NOW - 2 * 60 * 60_000,
    updatedAt: NOW - 2 * 60 * 60_000,
  };
  await db.insertInto('scheduledPosts').values(row).execute();
  return db.selectFrom('scheduledPosts').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
}

function readPost(id: string) {
  return db.selectFrom('scheduledPosts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('post state transitions', () => {
  it('lists every transition of the module in the table', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(Object.keys(TRANSITION_FROM).sort());
    for (const [name, { from }] of Object.entries(ALLOWED)) {
      expect([...TRANSITION_FROM[name as keyof typeof TRANSITION_FROM]].sort(), name).toEqual(
        [...from].sort(),
      );
    }
  });

  for (const [name, { from, to }] of Object.entries(ALLOWED)) {
    const transition = name as keyof typeof TRANSITION_FROM;
    for (const status of STATUSES) {
      const allowed = from.includes(status);
      it(`${allowed ? 'applies' : 'refuses'} ${transition} from ${status}`, async () => {
        const before = await insertPost(status);
        const answer = await RUN[transition](db, before);
        const after = await readPost(before.id);
        expect(didApply(answer)).toBe(allowed);
        if (allowed) {
          expect(after.status).toBe(to === 'same' ? status : to);
        } else {
          expect(after).toEqual(before);
        }
      });
    }
  }

  it('releases the lease and its owner when the account is disconnected', async () => {
    const post = await insertPost('publishing');
    await RUN.releaseOnDisconnect(db, post);
    const after = await readPost(post.id);
    expect(after).toMatchObject({ status: 'failed', leaseUntil: null, leaseOwner: null });
    expect(after.errorMessage).toBe('Account disconnected');
  });

  it('renews only the leases of the claims given', async () => {
    const post = await insertPost('publishing');
    const answer = await transitions.renewLeases(db, {
      claims: ['worker-2:1', 'worker-1:2'],
      leaseUntil: NOW,
    });
    expect(answer).toBe(0);
    expect(await readPost(post.id)).toEqual(post);
  });

  it('changes nothing for an attempt whose claim the post no longer carries', async () => {
    // Another worker took the post over (its lease had run out) and claimed it as worker-2:5.
    const post = await insertPost('publishing');
    await db
      .updateTable('scheduledPosts')
      .set({ leaseOwner: 'worker-2:5' })
      .where('id', '=', post.id)
      .execute();
    const taken = await readPost(post.id);
    const stale = OWNER;
    expect(await transitions.countAttempt(db, post.id, 2, stale)).toBe(false);
    expect(await transitions.saveProgress(db, post.id, { parts: ['9'] }, stale)).toBe(false);
    expect(await transitions.askPlatformFirst(db, post.id, NOW, stale)).toBe(false);
    expect(await transitions.forgetQuestion(db, post.id, stale)).toBe(false);
    expect(await transitions.deferForCap(db, post.id, NOW, stale)).toBe(false);
    const settles = [
      await transitions.scheduleRetry(db, {
        postId: post.id,
        nextAttemptAt: NOW,
        reason: 'busy',
        now: NOW,
        claim: stale,
      }),
      await transitions.markPosted(db, {
        postId: post.id,
        platformPostId: 'x',
        url: null,
        now: NOW,
        claim: stale,
      }),
      await transitions.markFailed(db, { postId: post.id, reason: 'refused', now: NOW, claim: stale }),
    ];
    expect(settles).toEqual([undefined, undefined, undefined]);
    expect(await readPost(post.id)).toEqual(taken);
    // Under the claim it carries, the same write applies.
    expect(await transitions.countAttempt(db, post.id, 2, 'worker-2:5')).toBe(true);
  });

  it('leaves an edit alone when the post moved on since it was read', async () => {
    const post = await insertPost('scheduled');
    const answer = await transitions.saveUserTiming(db, {
      userId,
      postId: post.id,
      from: 'draft',
      timing: { status: 'scheduled', isDraft: 0, scheduledAt: NOW },
      restart: false,
      now: NOW,
    });
    expect(answer).toBe(false);
    expect(await readPost(post.id)).toEqual(post);
  });
});
