import { POST_MESSAGES, type PostDto } from '../../shared/posts/api.js';
import { AppError } from '../core/errors.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { toPostDto } from './post-dto.js';
import { findPostForUser } from './posts.repository.js';

/** The user's post row, or 404 'Post not found' (another user's post looks missing). */
export async function getPostRowForUser(
  deps: AppDeps,
  userId: string,
  postId: string,
): Promise<ScheduledPostRow> {
  const row = await findPostForUser(deps.db, userId, postId);
  if (!row) throw new AppError('not_found', POST_MESSAGES.postNotFound);
  return row;
}

export async function getPostForUser(deps: AppDeps, userId: string, postId: string): Promise<PostDto> {
  return toPostDto(deps.db, await getPostRowForUser(deps, userId, postId));
}
