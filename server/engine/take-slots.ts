import type { PlatformId } from '../../shared/platforms/ids.js';
import { postingCap } from '../../shared/platforms/posting-rules.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { deferForCap } from '../posts/post-transitions.js';
import { takePostingSlots } from '../publishing/posting-slots.js';
import type { Claims } from './claims.js';

/**
 * The posting-cap slots of a claimed batch of one platform, one write per account (not one per
 * post: a burst of 2,000 posts over 40 accounts costs 40). Posts over the cap go back to wait for
 * the window; answers the posts that may be sent, in their claimed order.
 */
export async function takeSlotsForBatch(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  claims: Claims,
  platform: PlatformId,
  posts: ScheduledPostRow[],
  now: number,
): Promise<ScheduledPostRow[]> {
  if (!postingCap(platform) || posts.length === 0) return posts;
  const byAccount = new Map<string, ScheduledPostRow[]>();
  for (const post of posts) {
    if (!post.socialAccountId) continue;
    const list = byAccount.get(post.socialAccountId) ?? [];
    list.push(post);
    byAccount.set(post.socialAccountId, list);
  }
  const heldBack = new Set<string>();
  const letGo = (post: ScheduledPostRow, error: unknown) => {
    // Not sent, and no longer held: its lease runs out and crash recovery schedules it again.
    deps.logger.error('publishing failed unexpectedly', { postId: post.id, error });
    claims.release(post.id, post.leaseOwner);
    heldBack.add(post.id);
  };
  await Promise.all(
    [...byAccount].map(async ([accountId, accountPosts]) => {
      let slots: Awaited<ReturnType<typeof takePostingSlots>>;
      try {
        slots = await takePostingSlots(deps.db, {
          platform,
          accountId,
          postIds: accountPosts.map((post) => post.id),
          now,
        });
      } catch (error) {
        for (const post of accountPosts) letGo(post, error);
        return;
      }
      for (const { postId, retryAt } of slots.deferred) {
        const post = accountPosts.find((candidate) => candidate.id === postId) as ScheduledPostRow;
        try {
          // Over the platform's own cap: wait for the window, not an attempt.
          await deferForCap(deps.db, postId, retryAt, post.leaseOwner);
          claims.release(postId, post.leaseOwner);
          heldBack.add(postId);
        } catch (error) {
          letGo(post, error);
        }
      }
    }),
  );
  return heldBack.size === 0 ? posts : posts.filter((post) => !heldBack.has(post.id));
}
