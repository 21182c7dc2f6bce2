import { POST_MESSAGES, type PostUrlResult } from '../../shared/posts/api.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { getPostRowForUser } from './get-post.js';

/**
 * The post's public address on its platform (spec 02 get-post-url): a reconnect answer when
 * its account is gone or needs reconnecting, else the stored address, else 404.
 */
export async function getPostUrl(deps: AppDeps, userId: string, postId: string): Promise<PostUrlResult> {
  const post = await getPostRowForUser(deps, userId, postId);
  const account = post.socialAccountId
    ? await deps.db
        .selectFrom('socialAccounts')
        .select(['status'])
        .where('id', '=', post.socialAccountId)
        .where('userId', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!account || account.status === 'needs_reconnect') {
    return { action: 'reauthenticate', error: POST_MESSAGES.reauthenticate };
  }
  if (!post.platformPostUrl) throw new AppError('not_found', POST_MESSAGES.noPostUrl);
  return { url: post.platformPostUrl };
}
