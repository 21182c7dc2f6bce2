import { PLATFORM_IDS, type PlatformId } from '../../shared/platforms/ids.js';
import { getPlatform } from '../../shared/platforms/registry.js';
import type { GroupAccountStatus } from '../../shared/posts/group-outcome.js';
import { POST_GROUP_MESSAGES, type PostGroupDto } from '../../shared/posts/post-groups.js';
import type { PostGroupSummaryDto } from '../../shared/posts/post-list.js';
import { AppError } from '../core/errors.js';
import type { Db } from '../db/database.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { PostGroupRow, ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { listMediaForUser } from '../media/media.repository.js';
import { toMediaDto } from '../media/media-dto.js';
import { toPostDtos } from './post-dto.js';
import { findPostGroupForUser, listGroupPostAccounts, listGroupPosts } from './post-groups.repository.js';

/** The user's group and its posts, or 404 'Post group not found' (another user's group looks missing). */
export async function getPostGroupRowsForUser(
  deps: AppDeps,
  userId: string,
  groupId: string,
): Promise<{ group: PostGroupRow; posts: ScheduledPostRow[] }> {
  const group = await findPostGroupForUser(deps.db, userId, groupId);
  if (!group) throw new AppError('not_found', POST_GROUP_MESSAGES.groupNotFound);
  const posts = inPlatformOrder(await listGroupPosts(deps.db, userId, groupId));
  return { group, posts };
}

/** A group's posts in the platforms' order (X first), each platform's in creation order (stable sort). */
export function inPlatformOrder<T extends { platform: string }>(posts: T[]): T[] {
  const order = (platform: string) => PLATFORM_IDS.indexOf(platform as PlatformId);
  return posts.sort((a, b) => order(a.platform) - order(b.platform));
}

export function groupMediaIds(group: PostGroupRow): string[] {
  const ids = parseJsonColumn<unknown>(group.media, []);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** The wire shape of a group without its posts. */
export function toGroupSummary(group: PostGroupRow): PostGroupSummaryDto {
  return {
    id: group.id,
    shared: { content: group.content, media: groupMediaIds(group), link: group.link },
    createdAt: new Date(group.createdAt).toISOString(),
    updatedAt: new Date(group.updatedAt).toISOString(),
  };
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
  const summary = toGroupSummary(group);
  return {
    ...summary,
    shared: { ...summary.shared, files: mediaIds.flatMap((id) => files.get(id) ?? []) },
    posts: postDtos,
  };
}

/** Each account's post of a group as its notification says it (any `db`: a transaction too). */
export async function getGroupAccountStatuses(
  db: Db,
  userId: string,
  groupId: string,
): Promise<GroupAccountStatus[]> {
  const rows = inPlatformOrder(await listGroupPostAccounts(db, userId, groupId));
  return rows.map((row) => ({
    postId: row.id,
    accountId: row.socialAccountId,
    platform: row.platform as PlatformId,
    accountName: row.accountName ?? getPlatform(row.platform as PlatformId).displayName,
    status: row.status,
    url: row.status === 'posted' ? row.platformPostUrl : null,
    error: row.status === 'failed' ? row.errorMessage : null,
  }));
}
