import type { PostListEntryDto } from '../../shared/posts/post-list.js';
import type { Db } from '../db/database.js';
import type { PostGroupRow, ScheduledPostRow } from '../db/schema.js';
import { inPlatformOrder, toGroupSummary } from './get-post-group.js';
import { toPostDtos } from './post-dto.js';

/** One listed entry: a lone post (`groupId` null, `entryId` its id) or a group (`entryId` its id). */
export interface EntryKey {
  entryId: string;
  groupId: string | null;
}

/**
 * The page's entries with their posts, in the order given: a lone post alone, a group with every
 * one of its posts (one query for the posts, one for the groups, then the DTOs' two).
 */
export async function loadPostEntries(
  db: Db,
  userId: string,
  keys: readonly EntryKey[],
): Promise<PostListEntryDto[]> {
  if (keys.length === 0) return [];
  const groupIds = keys.flatMap((key) => (key.groupId ? [key.groupId] : []));
  const loneIds = keys.flatMap((key) => (key.groupId ? [] : [key.entryId]));
  const [rows, groups] = await Promise.all([
    db
      .selectFrom('scheduledPosts')
      .selectAll()
      .where('userId', '=', userId)
      .where((eb) =>
        eb.or([
          ...(loneIds.length > 0 ? [eb('id', 'in', loneIds)] : []),
          ...(groupIds.length > 0 ? [eb('groupId', 'in', groupIds)] : []),
        ]),
      )
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    groupIds.length > 0
      ? db
          .selectFrom('postGroups')
          .selectAll()
          .where('userId', '=', userId)
          .where('id', 'in', groupIds)
          .execute()
      : Promise.resolve([] as PostGroupRow[]),
  ]);
  const dtos = await toPostDtos(db, rows);
  const dtoById = new Map(dtos.map((dto) => [dto.id, dto]));
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const rowsByGroup = new Map<string, ScheduledPostRow[]>();
  for (const row of rows) {
    if (row.groupId) rowsByGroup.set(row.groupId, [...(rowsByGroup.get(row.groupId) ?? []), row]);
  }
  return keys.flatMap((key): PostListEntryDto[] => {
    const group = key.groupId ? groupById.get(key.groupId) : undefined;
    if (!key.groupId || !group) {
      const post = dtoById.get(key.entryId);
      return post ? [{ group: null, posts: [post] }] : [];
    }
    const posts = inPlatformOrder(rowsByGroup.get(key.groupId) ?? []).flatMap((row) => {
      const dto = dtoById.get(row.id);
      return dto ? [dto] : [];
    });
    return [{ group: toGroupSummary(group), posts }];
  });
}
