import { PLATFORM_IDS, type PlatformId } from '../../shared/platforms/ids.js';
import { POST_GROUP_MESSAGES, type PostGroupDto } from '../../shared/posts/post-groups.js';
import { AppError } from '../core/errors.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { PostGroupRow, ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { listMediaForUser } from '../media/media.repository.js';
import { toMediaDto } from '../media/media-dto.js';
import { toPostDtos } from './post-dto.js';
import { findPostGroupForUser, listGroupPosts } from './post-groups.repository.js';

/** The user's group and its posts, or 404 'Post group not found' (another user's group looks missing). */
export async function getPostGroupRowsForUser(
  deps: AppDeps,
  userId: string,
  groupId: string,
): Promise<{ group: PostGroupRow; posts: ScheduledPostRow[] }> {
  const group = await findPostGroupForUser(deps.db, userId, groupId);
  if (!group) throw new AppError('not_found', POST_GROUP_MESSAGES.groupNotFound);
  const posts = await listGroupPosts(deps.db, userId, groupId);
  const order = (platform: string) => PLATFORM_IDS.indexOf(platform as PlatformId);
  posts.sort((a, b) => order(a.platform) - order(b.platform));
  return { group, posts };
}

export function groupMediaIds(group: PostGroupRow): string[] {
  const ids = parseJsonColumn<unknown>(group.media, []);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

export async function getPostGroupForUser(
  deps: AppDeps,
  userId: string,
  groupId: string,
): Promise<PostGroupDto> {
  const { group, posts } = await getPostGroupRowsForUser(deps, userId, groupId);
  const mediaIds = groupMediaIds(group);
  const [postDtos, mediaRows] = await Promise.all([
    toPostDtos(deps.db, posts),
    listMediaForUser(deps.db, userId, mediaIds),
  ]);
  const files = new Map(mediaRows.map((row) => [row.id, toMediaDto(row)]));
  return {
    id: group.id,
    shared: {
      content: group.content,
      media: mediaIds,
      link: group.link,
      files: mediaIds.flatMap((id) => files.get(id) ?? []),
    },
    posts: postDtos,
    createdAt: new Date(group.createdAt).toISOString(),
    updatedAt: new Date(group.updatedAt).toISOString(),
  };
}
