import { type CreatePostInput, type PostDto, validationAction } from '../../shared/posts/api.js';
import { newId } from '../core/ids.js';
import type { AppDeps } from '../http/types.js';
import { getPostForUser } from './get-post.js';
import { nextFreeTimeTiming, nextFreeTimeZone } from './next-free-time.js';
import { toPostDto } from './post-dto.js';
import { parseInstant, timingFor } from './post-timing.js';
import { insertPost, setPostMedia } from './posts.repository.js';
import { preparePost } from './prepare-post.js';

/**
 * Saves a draft, a scheduled post, or a post added to its account's next free posting time. A
 * post to publish now (Post Now) is published in the same call, through the engine as POST
 * /api/posts/:id/publish does, and the answer is the post after that attempt.
 */
export async function createPost(
  deps: AppDeps,
  userId: string,
  input: CreatePostInput,
  now = Date.now(),
): Promise<PostDto> {
  const action = validationAction(input.action);
  const prepared = await preparePost(deps, userId, input, action);
  const timezone = input.action === 'queue' ? await nextFreeTimeZone(deps, userId) : null;
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    // The free slot is read and taken in the same transaction (see next-free-time.ts).
    const timing =
      timezone !== null
        ? await nextFreeTimeTiming(trx, { userId, accountId: prepared.account.id, timezone, now })
        : timingFor(action, parseInstant(input.scheduledAt), now);
    await insertPost(trx, {
      id,
      userId,
      socialAccountId: prepared.account.id,
      platform: prepared.platform,
      content: prepared.content,
      status: timing.status,
      isDraft: timing.isDraft,
      scheduledAt: timing.scheduledAt,
      postType: prepared.postType,
      media: JSON.stringify(prepared.media),
      tweets: prepared.tweets ? JSON.stringify(prepared.tweets) : null,
      metadata: JSON.stringify(prepared.metadata),
      createdAt: now,
      updatedAt: now,
    });
    await setPostMedia(trx, id, prepared.allMediaIds);
  });
  const post = await getPostForUser(deps, userId, id);
  deps.events.publish(userId, { type: 'post.inserted', post });
  if (action === 'publish') return toPostDto(deps.db, await deps.engine.publishNow(userId, id));
  return post;
}
