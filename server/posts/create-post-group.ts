import { validationAction } from '../../shared/posts/api.js';
import type {
  CreatePostGroupInput,
  PostGroupResult,
  VersionProblemDto,
} from '../../shared/posts/post-groups.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import type { AppDeps } from '../http/types.js';
import { getPostGroupForUser } from './get-post-group.js';
import { nextFreeTimeTiming, nextFreeTimeZone } from './next-free-time.js';
import { insertPostGroup } from './post-groups.repository.js';
import { type PostTiming, parseInstant, timingFor } from './post-timing.js';
import { insertPost, setPostMedia } from './posts.repository.js';
import { type PreparedVersion, preparePostGroup } from './prepare-post-group.js';
import { publishGroupPosts } from './publish-group-posts.js';

/** A refused group: the first problem's message (the spec's wording), every problem in details. */
export function groupProblemsError(problems: readonly VersionProblemDto[]): AppError {
  const first = problems[0]!;
  return new AppError('validation_error', first.message, {
    field: `accounts.${first.accountId}.${first.field}`,
    details: { problems },
  });
}

/**
 * Compose once, publish to many accounts: one post per chosen account, linked by a new group,
 * written in ONE transaction (all or none). Every version is validated first; a draft keeps its
 * problems (reported in the answer), any other action is refused with them. 'queue' gives each
 * account its own next free posting time; 'publish' publishes each version through the engine's
 * Post Now, one network's failure not touching the others.
 */
export async function createPostGroup(
  deps: AppDeps,
  userId: string,
  input: CreatePostGroupInput,
  now = Date.now(),
): Promise<PostGroupResult> {
  const action = validationAction(input.action);
  const scheduledAt = parseInstant(input.scheduledAt);
  const shared = {
    content: input.shared.content,
    media: input.shared.media,
    link: input.shared.link ?? null,
  };
  // Checked before anything else is read: a time in the past is refused at once.
  const timing = input.action === 'queue' ? null : timingFor(action, scheduledAt, now);
  const { versions, problems } = await preparePostGroup(deps, userId, {
    accountIds: input.accountIds,
    shared,
    versions: input.versions,
    // A draft is checked as if scheduled: its problems say what scheduling it will need.
    actionOf: () => (action === 'draft' ? 'schedule' : action),
    at: action === 'schedule' ? scheduledAt : null,
  });
  // Save as draft keeps everything but a post type the platform does not have.
  const refused = action === 'draft' ? problems.filter((problem) => problem.field === 'postType') : problems;
  if (refused.length > 0) throw groupProblemsError(refused);
  const timezone = input.action === 'queue' ? await nextFreeTimeZone(deps, userId) : null;

  const groupId = newId();
  await deps.db.transaction().execute(async (trx) => {
    await writePostGroup(trx, {
      userId,
      groupId,
      shared,
      versions,
      now,
      // Each account's own free slot, read and taken in this transaction (see next-free-time.ts).
      timingOf: async (version) =>
        timing ??
        (await nextFreeTimeTiming(trx, { userId, accountId: version.account.id, timezone: timezone!, now })),
    });
  });

  const group = await getPostGroupForUser(deps, userId, groupId);
  for (const post of group.posts) deps.events.publish(userId, { type: 'post.inserted', post });
  if (action !== 'publish') return { group, problems };
  await publishGroupPosts(
    deps,
    userId,
    group.posts.map((post) => post.id),
  );
  return { group: await getPostGroupForUser(deps, userId, groupId), problems };
}

/**
 * Writes a prepared group and one post per version inside the caller's transaction: the composer's
 * save and the bulk import (many groups in one transaction) write groups the same way.
 */
export async function writePostGroup(
  trx: Db,
  input: {
    userId: string;
    groupId: string;
    shared: { content: string; media: readonly string[]; link: string | null };
    versions: readonly PreparedVersion[];
    timingOf: (version: PreparedVersion) => Promise<PostTiming> | PostTiming;
    now: number;
  },
): Promise<void> {
  const { userId, groupId, shared, now } = input;
  await insertPostGroup(trx, {
    id: groupId,
    userId,
    content: shared.content,
    media: JSON.stringify(shared.media),
    link: shared.link,
    createdAt: now,
    updatedAt: now,
  });
  for (const version of input.versions) {
    const id = newId();
    const postTiming = await input.timingOf(version);
    await insertPost(trx, {
      id,
      userId,
      socialAccountId: version.account.id,
      platform: version.platform,
      content: version.content,
      status: postTiming.status,
      isDraft: postTiming.isDraft,
      scheduledAt: postTiming.scheduledAt,
      postType: version.postType,
      media: JSON.stringify(version.media),
      tweets: version.tweets ? JSON.stringify(version.tweets) : null,
      metadata: JSON.stringify(version.metadata),
      groupId,
      customized: version.customized ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    });
    await setPostMedia(trx, id, version.allMediaIds);
  }
}
