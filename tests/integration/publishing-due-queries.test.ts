import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/core/ids.js';
import { countOverdue, nextDueTime } from '../../server/posts/due-posts.js';
import { claimDuePosts } from '../../server/posts/post-transitions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser } from './posts-support.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const MINUTE = 60_000;

describe('the engine’s due-post queries', () => {
  let t: TestApp;
  let userId: string;
  let xAccount: string;
  let linkedinAccount: string;

  async function post(
    name: string,
    fields: {
      platform?: 'twitter' | 'linkedin';
      status?: 'scheduled' | 'posted' | 'draft';
      scheduledAt: number | null;
      nextAttemptAt?: number | null;
      isDraft?: number;
    },
  ): Promise<string> {
    const platform = fields.platform ?? 'twitter';
    const id = `${name}-${newId()}`;
    await t.deps.db
      .insertInto('scheduledPosts')
      .values({
        id,
        userId,
        socialAccountId: platform === 'twitter' ? xAccount : linkedinAccount,
        platform,
        content: name,
        status: fields.status ?? 'scheduled',
        isDraft: fields.isDraft ?? 0,
        scheduledAt: fields.scheduledAt,
        postedAt: null,
        postType: 'text',
        media: '[]',
        tweets: null,
        metadata: '{}',
        platformPostId: null,
        platformPostUrl: null,
        errorMessage: null,
        leaseUntil: null,
        nextAttemptAt: fields.nextAttemptAt ?? null,
        publishProgress: null,
        leaseOwner: null,
        createdAt: NOW - 60 * MINUTE,
        updatedAt: NOW - 60 * MINUTE,
      })
      .execute();
    return id;
  }

  const claim = (platform: string, limit = 10) =>
    claimDuePosts(t.deps.db, { platform, now: NOW, limit, leaseUntil: NOW + MINUTE, claim: 'test:1' });

  beforeEach(async () => {
    t = await createTestApp({ SCHEDULER: 'off' });
    userId = (await createUser(t)).id;
    xAccount = await createAccount(t, userId, 'twitter');
    linkedinAccount = await createAccount(t, userId, 'linkedin');
  });
  afterEach(() => t.close());

  it('claims the due posts of one platform, retries by their next attempt', async () => {
    const dueLater = await post('due-2-min-ago', { scheduledAt: NOW - 2 * MINUTE });
    const retryDue = await post('retry-due', {
      scheduledAt: NOW - 30 * MINUTE,
      nextAttemptAt: NOW - 5 * MINUTE,
    });
    const dueFirst = await post('due-10-min-ago', { scheduledAt: NOW - 10 * MINUTE });
    await post('retry-not-yet', { scheduledAt: NOW - 30 * MINUTE, nextAttemptAt: NOW + MINUTE });
    await post('future', { scheduledAt: NOW + MINUTE });
    await post('draft', { scheduledAt: NOW - MINUTE, isDraft: 1 });
    await post('posted', { status: 'posted', scheduledAt: NOW - MINUTE });
    await post('linkedin-due', { platform: 'linkedin', scheduledAt: NOW - MINUTE });

    const claimed = await claim('twitter');
    // RETURNING gives no order; the set is what a sweep publishes.
    expect(claimed.map((row) => row.id).sort()).toEqual([dueFirst, retryDue, dueLater].sort());
    expect(claimed.every((row) => row.status === 'publishing' && row.leaseOwner === 'test:1')).toBe(true);
    // Claimed once: a second sweep finds nothing more for X.
    expect(await claim('twitter')).toEqual([]);
  });

  it('claims at most the limit, the most overdue first, across both kinds', async () => {
    const retry = await post('retry', { scheduledAt: NOW - 60 * MINUTE, nextAttemptAt: NOW - 20 * MINUTE });
    const first = await post('first', { scheduledAt: NOW - 30 * MINUTE });
    await post('third', { scheduledAt: NOW - 5 * MINUTE });
    expect((await claim('twitter', 2)).map((row) => row.id).sort()).toEqual([first, retry].sort());
  });

  it('finds the next due time and counts overdue posts of either kind', async () => {
    expect(await nextDueTime(t.deps.db)).toBeNull();
    await post('scheduled', { scheduledAt: NOW + 10 * MINUTE });
    expect(await nextDueTime(t.deps.db)).toBe(NOW + 10 * MINUTE);
    await post('retry', { scheduledAt: NOW - 60 * MINUTE, nextAttemptAt: NOW + 3 * MINUTE });
    expect(await nextDueTime(t.deps.db)).toBe(NOW + 3 * MINUTE);
    await post('draft', { scheduledAt: NOW - 90 * MINUTE, isDraft: 1 });
    expect(await nextDueTime(t.deps.db)).toBe(NOW + 3 * MINUTE);

    await post('overdue', { scheduledAt: NOW - 5 * MINUTE });
    await post('retry-overdue', { scheduledAt: NOW - 60 * MINUTE, nextAttemptAt: NOW - 2 * MINUTE });
    await post('posted', { status: 'posted', scheduledAt: NOW - 5 * MINUTE });
    // The retry due in 3 minutes is not overdue although its first time is an hour ago.
    expect(await countOverdue(t.deps.db, NOW)).toBe(2);
  });

  it('finds the next retry when no post waits for its first attempt', async () => {
    await post('posted', { status: 'posted', scheduledAt: NOW - 5 * MINUTE });
    await post('retry', { scheduledAt: NOW - 60 * MINUTE, nextAttemptAt: NOW + 3 * MINUTE });
    expect(await nextDueTime(t.deps.db)).toBe(NOW + 3 * MINUTE);
  });
});
