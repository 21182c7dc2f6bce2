import {
  POST_MESSAGES,
  type PostAction,
  type PostDto,
  type UpdatePostInput,
  validationAction,
} from '../../shared/posts/api.js';
import { AppError } from '../core/errors.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { deleteOrphanMedia } from '../media/delete-media.js';
import { getPostForUser, getPostRowForUser } from './get-post.js';
import { nextFreeTimeTiming, nextFreeTimeZone } from './next-free-time.js';
import { allMediaIdsOf, postMediaIds, postTweets } from './post-dto.js';
import { assertFuture, type PostTiming, parseInstant, timingFor } from './post-timing.js';
import { saveUserTiming } from './post-transitions.js';
import { setPostMedia, updatePostContent } from './posts.repository.js';
import { preparePost } from './prepare-post.js';

/** Posted and publishing posts are final (or owned by the publisher) and cannot be edited. */
function assertEditable(row: ScheduledPostRow): void {
  if (row.status === 'posted') throw new AppError('conflict', POST_MESSAGES.alreadyPosted);
  if (row.status === 'publishing') throw new AppError('conflict', POST_MESSAGES.beingPublished);
}

function currentAction(row: ScheduledPostRow): PostAction {
  return row.status === 'draft' ? 'draft' : 'schedule';
}

/** The chain after a patch: a patch of content/media alone edits the first tweet of a stored chain. */
function mergedTweets(row: ScheduledPostRow, input: UpdatePostInput) {
  if (input.tweets !== undefined) return input.tweets;
  const stored = postTweets(row);
  if (!stored || stored.length === 0) return null;
  const [first, ...rest] = stored;
  return [{ content: input.content ?? first!.content, media: input.media ?? first!.media }, ...rest];
}

/** Edits the same row (spec 02 section 4); an action moves it between draft, scheduled and publish-now. */
export async function updatePost(
  deps: AppDeps,
  userId: string,
  postId: string,
  input: UpdatePostInput,
  now = Date.now(),
): Promise<PostDto> {
  const row = await getPostRowForUser(deps, userId, postId);
  assertEditable(row);
  const accountId = input.socialAccountId ?? row.socialAccountId;
  if (!accountId) throw new AppError('not_found', POST_MESSAGES.accountNotFound);
  const action = input.action ? validationAction(input.action) : currentAction(row);

  const prepared = await preparePost(
    deps,
    userId,
    {
      socialAccountId: accountId,
      // A new account of another platform starts from that platform's default type.
      postType: input.postType ?? (input.socialAccountId ? undefined : row.postType),
      content: input.content ?? row.content,
      media: input.media ?? postMediaIds(row),
      tweets: mergedTweets(row, input),
      metadata: input.metadata ?? parseJsonColumn<Record<string, unknown>>(row.metadata, {}),
    },
    action,
  );

  const scheduledAt = input.scheduledAt !== undefined ? parseInstant(input.scheduledAt) : row.scheduledAt;
  const timezone = input.action === 'queue' ? await nextFreeTimeZone(deps, userId) : null;
  let timing: PostTiming | null = null;
  if (input.action && input.action !== 'queue') {
    timing = timingFor(input.action, scheduledAt, now);
  } else if (!input.action) {
    if (row.status === 'scheduled' && input.scheduledAt !== undefined) assertFuture(scheduledAt, now);
    timing = { status: row.status, isDraft: row.isDraft, scheduledAt };
  }
  // Rescheduling a failed post starts its delivery afresh.
  const restart = input.action === 'schedule' || input.action === 'publish' || input.action === 'queue';
  const previousMedia = allMediaIdsOf(row);

  const updated = await deps.db.transaction().execute(async (trx) => {
    // Re-queued: the account's next free slot other than the one this post holds now.
    timing ??= await nextFreeTimeTiming(trx, {
      userId,
      accountId: prepared.account.id,
      timezone: timezone ?? 'UTC',
      now,
      excludePostId: postId,
    });
    const edited = await updatePostContent(trx, {
      userId,
      postId,
      // The publisher may have claimed the post meanwhile: then the edit loses.
      status: row.status,
      changes: {
        socialAccountId: prepared.account.id,
        platform: prepared.platform,
        content: prepared.content,
        postType: prepared.postType,
        media: JSON.stringify(prepared.media),
        tweets: prepared.tweets ? JSON.stringify(prepared.tweets) : null,
        metadata: JSON.stringify(prepared.metadata),
      },
      now,
    });
    if (!edited) return false;
    await saveUserTiming(trx, { userId, postId, from: row.status, timing, restart, now });
    await setPostMedia(trx, postId, prepared.allMediaIds);
    return true;
  });
  if (!updated) throw new AppError('conflict', POST_MESSAGES.beingPublished);

  const dropped = previousMedia.filter((id) => !prepared.allMediaIds.includes(id));
  await deleteOrphanMedia(deps, userId, dropped);
  const post = await getPostForUser(deps, userId, postId);
  deps.events.publish(userId, { type: 'post.updated', post });
  return post;
}
