import type { PlatformId } from '../../shared/platforms/ids.js';
import { AppError } from '../core/errors.js';
import type { ScheduledPostRow } from '../db/schema.js';
import { parseProgress } from '../posts/post-states.js';
import { claimPostNow, saveProgress } from '../posts/post-transitions.js';
import { publishPostUpdated } from '../publishing/post-events.js';
import { type EngineWorker, runClaimed } from './run-claimed.js';
import { assertAccessNow } from './withhold-without-access.js';

/** Post Now: the same path as a scheduled post, at once; resolves with the post's final row. */
export async function publishNow(
  worker: EngineWorker,
  userId: string,
  postId: string,
): Promise<ScheduledPostRow> {
  const { deps, claims, inFlight } = worker;
  const { db, config } = deps;
  const now = Date.now();
  // The API's gate answered before; the engine checks again, as for every post it sends.
  await assertAccessNow(deps, userId, now);
  const claimed = await claimPostNow(db, {
    postId,
    userId,
    now,
    leaseUntil: now + config.PUBLISH_LEASE_MS,
    claim: claims.next(),
  });
  if (!claimed) {
    const existing = await db
      .selectFrom('scheduledPosts')
      .selectAll()
      .where('id', '=', postId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!existing) throw new AppError('not_found', 'Post not found');
    // Already out (the sweep may publish a post saved for Post Now before the browser's call
    // comes): the answer is the published post, and nothing is sent again.
    if (existing.status === 'posted') return existing;
    return waitUntilSettled(worker, userId, postId);
  }
  if (parseProgress(claimed).commitPending) {
    // The user checked the platform and chose to retry an unconfirmed post.
    const progress = { ...parseProgress(claimed), commitPending: false };
    await saveProgress(db, postId, progress, claimed.leaseOwner);
    claimed.publishProgress = JSON.stringify(progress);
  }
  await publishPostUpdated(deps, claimed);
  const platform = claimed.platform as PlatformId;
  inFlight.set(platform, (inFlight.get(platform) ?? 0) + 1);
  try {
    await runClaimed(worker, platform, claimed, { now: true });
  } finally {
    inFlight.set(platform, (inFlight.get(platform) ?? 1) - 1);
  }
  const row = await db.selectFrom('scheduledPosts').selectAll().where('id', '=', postId).executeTakeFirst();
  if (!row) throw new AppError('not_found', 'Post not found');
  return row;
}

async function waitUntilSettled(
  worker: EngineWorker,
  userId: string,
  postId: string,
): Promise<ScheduledPostRow> {
  const { db } = worker.deps;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = await db
      .selectFrom('scheduledPosts')
      .selectAll()
      .where('id', '=', postId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', 'Post not found');
    if (row.status !== 'publishing' || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
