import type { PlatformId } from '../../shared/platforms/ids.js';
import { POST_MESSAGES, type PostAction, validationAction } from '../../shared/posts/api.js';
import { isReadOnlyVersion, type TargetedOverride } from '../../shared/posts/post-group-rules.js';
import type { PostGroupResult, UpdatePostGroupInput } from '../../shared/posts/post-groups.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { deleteOrphanMedia } from '../media/delete-media.js';
import { groupProblemsError } from './create-post-group.js';
import { getPostGroupForUser, getPostGroupRowsForUser, groupMediaIds } from './get-post-group.js';
import { nextFreeTimeTiming, nextFreeTimeZone } from './next-free-time.js';
import { allMediaIdsOf, postMediaIds, postTweets } from './post-dto.js';
import { updatePostGroupShared } from './post-groups.repository.js';
import { assertFuture, type PostTiming, parseInstant, timingFor } from './post-timing.js';
import { saveUserTiming } from './post-transitions.js';
import { deletePostRow, insertPost, setPostMedia, updatePostContent } from './posts.repository.js';
import { preparePostGroup } from './prepare-post-group.js';
import { publishGroupPosts } from './publish-group-posts.js';

/** A stored version as the override it keeps following (its own text only if customised). */
function storedOverride(row: ScheduledPostRow): TargetedOverride {
  const tweets = postTweets(row);
  return {
    accountId: row.socialAccountId ?? undefined,
    customized: row.customized === 1,
    content: row.content,
    media: postMediaIds(row),
    tweets: tweets && tweets.length > 1 ? tweets : null,
    postType: row.postType,
    metadata: parseJsonColumn<Record<string, unknown>>(row.metadata, {}),
  };
}

const currentAction = (row: ScheduledPostRow): PostAction => (row.status === 'draft' ? 'draft' : 'schedule');

/**
 * Edits a group (issue 23): a new shared text updates every version not customised and not yet
 * sent; overrides change the unsent versions they target; accounts added get a post, unsent posts
 * of accounts left out are deleted; an action moves every unsent post. Sent (and publishing)
 * versions are read-only. One transaction; an unsent post the engine claims meanwhile makes the
 * whole edit lose (409), as for one post.
 */
export async function updatePostGroup(
  deps: AppDeps,
  userId: string,
  groupId: string,
  input: UpdatePostGroupInput,
  now = Date.now(),
): Promise<PostGroupResult> {
  const { group, posts } = await getPostGroupRowsForUser(deps, userId, groupId);
  const byAccount = new Map(
    posts.flatMap((row) => (row.socialAccountId ? [[row.socialAccountId, row]] : [])),
  );
  const readOnly = posts.filter((row) => isReadOnlyVersion(row.status));
  const editable = posts.filter((row) => !isReadOnlyVersion(row.status));
  const chosen =
    input.accountIds ?? editable.flatMap((row) => (row.socialAccountId ? [row.socialAccountId] : []));
  const readOnlyAccounts = new Set(
    readOnly.flatMap((row) => (row.socialAccountId ? [row.socialAccountId] : [])),
  );
  for (const version of input.versions ?? []) {
    if (version.accountId && readOnlyAccounts.has(version.accountId)) {
      throw new AppError('conflict', POST_MESSAGES.alreadyPosted, { field: 'versions' });
    }
  }
  const accountIds = chosen.filter((id) => !readOnlyAccounts.has(id));
  const removed = editable.filter((row) => !row.socialAccountId || !accountIds.includes(row.socialAccountId));

  const shared = input.shared
    ? { content: input.shared.content, media: input.shared.media, link: input.shared.link ?? null }
    : { content: group.content, media: groupMediaIds(group), link: group.link };
  // What each account follows: the request's own version, its network's, else what it keeps.
  const given = input.versions ?? [];
  const versions: TargetedOverride[] = accountIds.flatMap((accountId) => {
    const row = byAccount.get(accountId);
    const platform = row?.platform as PlatformId | undefined;
    const own =
      given.find((version) => version.accountId === accountId) ??
      (platform ? given.find((version) => !version.accountId && version.platform === platform) : undefined);
    if (own) return [{ ...own, platform: undefined, accountId }];
    return row ? [storedOverride(row)] : [];
  });
  // New accounts follow the request's network versions.
  versions.push(...given.filter((version) => !version.accountId));

  const reference = editable.find((row) => !removed.includes(row));
  const action = input.action ? validationAction(input.action) : null;
  const actionOf = (accountId: string): PostAction => {
    if (action) return action;
    const row = byAccount.get(accountId) ?? reference;
    return row ? currentAction(row) : 'draft';
  };
  const scheduledAt = input.scheduledAt !== undefined ? parseInstant(input.scheduledAt) : undefined;
  const { versions: prepared, problems } = await preparePostGroup(deps, userId, {
    accountIds,
    shared,
    versions,
    actionOf: (id) => (actionOf(id) === 'draft' ? 'schedule' : actionOf(id)),
    at: scheduledAt ?? reference?.scheduledAt ?? null,
    excludePostIdOf: (id) => byAccount.get(id)?.id,
  });
  const refused = problems.filter((p) => actionOf(p.accountId) !== 'draft' || p.field === 'postType');
  if (refused.length > 0) throw groupProblemsError(refused);

  const timingOf = (row: ScheduledPostRow | undefined): PostTiming | null => {
    if (input.action === 'queue') return null;
    if (action)
      return timingFor(action, scheduledAt ?? row?.scheduledAt ?? reference?.scheduledAt ?? null, now);
    const base = row ?? reference;
    if (!base) return { status: 'draft', isDraft: 1, scheduledAt: scheduledAt ?? null };
    const at = scheduledAt !== undefined ? scheduledAt : base.scheduledAt;
    if (base.status === 'scheduled' && scheduledAt !== undefined) assertFuture(at, now);
    return {
      status: base.status === 'failed' && !row ? 'scheduled' : base.status,
      isDraft: base.isDraft,
      scheduledAt: at,
    };
  };
  const timings = new Map(
    prepared.map((version) => [version.account.id, timingOf(byAccount.get(version.account.id))]),
  );
  const timezone = input.action === 'queue' ? await nextFreeTimeZone(deps, userId) : null;
  const restart = input.action === 'schedule' || input.action === 'publish' || input.action === 'queue';
  const previousMedia = [...new Set(editable.flatMap((row) => allMediaIdsOf(row)))];

  const written = await deps.db.transaction().execute(async (trx) => {
    await updatePostGroupShared(trx, {
      userId,
      groupId,
      content: shared.content,
      media: JSON.stringify(shared.media),
      link: shared.link,
      now,
    });
    for (const row of removed) await deletePostRow(trx, userId, row.id);
    const ids: string[] = [];
    for (const version of prepared) {
      const row = byAccount.get(version.account.id);
      const id = row?.id ?? newId();
      const timing =
        timings.get(version.account.id) ??
        (await nextFreeTimeTiming(trx, {
          userId,
          accountId: version.account.id,
          timezone: timezone!,
          now,
          excludePostId: row?.id,
        }));
      const content = {
        socialAccountId: version.account.id,
        platform: version.platform,
        content: version.content,
        postType: version.postType,
        media: JSON.stringify(version.media),
        tweets: version.tweets ? JSON.stringify(version.tweets) : null,
        metadata: JSON.stringify(version.metadata),
        customized: version.customized ? 1 : 0,
      };
      if (row) {
        const edited = await updatePostContent(trx, {
          userId,
          postId: id,
          status: row.status,
          changes: content,
          now,
        });
        if (!edited) return null;
        await saveUserTiming(trx, { userId, postId: id, from: row.status, timing, restart, now });
      } else {
        await insertPost(trx, { id, userId, ...content, ...timing, groupId, createdAt: now, updatedAt: now });
      }
      await setPostMedia(trx, id, version.allMediaIds);
      ids.push(id);
    }
    return ids;
  });
  if (!written) throw new AppError('conflict', POST_MESSAGES.beingPublished);

  const kept = new Set(prepared.flatMap((version) => version.allMediaIds));
  await deleteOrphanMedia(
    deps,
    userId,
    previousMedia.filter((id) => !kept.has(id)),
  );
  for (const row of removed) deps.events.publish(userId, { type: 'post.deleted', postId: row.id });
  const result = await getPostGroupForUser(deps, userId, groupId);
  for (const post of result.posts)
    if (written.includes(post.id)) deps.events.publish(userId, { type: 'post.updated', post });
  if (action === 'publish') {
    await publishGroupPosts(deps, userId, written);
    return { group: await getPostGroupForUser(deps, userId, groupId), problems };
  }
  return { group: result, problems };
}
