import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';

/**
 * Post Now for every version of a group: each post through the engine's Post Now, side by side.
 * One network failing does not stop the others: each post ends as its own attempt left it
 * ('posted', 'failed', or 'scheduled' with a retry time), which the group answer shows per
 * account. Only a refusal that concerns the user, not one post (no access: subscription
 * required), is raised, after every post was tried; the posts stay saved, as for one post.
 */
export async function publishGroupPosts(
  deps: AppDeps,
  userId: string,
  postIds: readonly string[],
): Promise<void> {
  const results = await Promise.allSettled(postIds.map((postId) => deps.engine.publishNow(userId, postId)));
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') continue;
    const error = result.reason;
    if (error instanceof AppError && error.code === 'subscription_required') throw error;
    // Not the platform's answer (that is recorded on the post): the engine's sweep retries the post.
    deps.logger.warn('post now of a group post did not run', {
      postId: postIds[index],
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
