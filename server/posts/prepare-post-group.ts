import type { MediaInfo } from '../../shared/media/media-rules.js';
import { isPlatformId, type PlatformId } from '../../shared/platforms/ids.js';
import { refusesDuplicateText } from '../../shared/platforms/posting-rules.js';
import { getPlatform } from '../../shared/platforms/registry.js';
import { POST_MESSAGES, type PostAction, type TweetInput } from '../../shared/posts/api.js';
import {
  type GroupAccount,
  type GroupVersion,
  overrideFor,
  type SharedContent,
  type TargetedOverride,
  validateVersions,
  versionFor,
} from '../../shared/posts/post-group-rules.js';
import { POST_GROUP_MESSAGES, type VersionProblemDto } from '../../shared/posts/post-groups.js';
import { formatDateTime } from '../../shared/time/format.js';
import { AppError } from '../core/errors.js';
import type { SocialAccountRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { listMediaForUser } from '../media/media.repository.js';
import { getPreferences } from '../settings/preferences.service.js';
import { findIdenticalPost } from './find-identical-post.js';

/** One account's version, ready to be written as its post. */
export interface PreparedVersion {
  account: SocialAccountRow;
  platform: PlatformId;
  postType: string;
  content: string;
  media: string[];
  /** Chain platforms (X, Threads): the whole chain, first post included, as preparePost stores it. */
  tweets: TweetInput[] | null;
  metadata: Record<string, unknown>;
  customized: boolean;
  /** Every media id the post uses, for post_media. */
  allMediaIds: string[];
}

export interface PreparedGroup {
  versions: PreparedVersion[];
  problems: VersionProblemDto[];
}

interface PrepareGroupInput {
  accountIds: readonly string[];
  shared: SharedContent;
  versions: readonly TargetedOverride[];
  /** The rules each account's version follows (its action, or its post's current state). */
  actionOf: (accountId: string) => PostAction;
  /** When the versions go out (for the 24-hour duplicate rule): null for now. */
  at: number | null;
  /** Posts compared with themselves nowhere (an edit of the group's own posts). */
  excludePostIdOf?: (accountId: string) => string | undefined;
}

/**
 * Every account's version of a group: the accounts (the user's own, else 404), the media (the
 * user's own, else 404), then every version checked with the shared rules, the 24-hour duplicate
 * rule for platforms that refuse repeats included. Answers the problems; the caller refuses them
 * (or, for a draft, keeps them). Three queries whatever the number of accounts, plus one per X account.
 */
export async function preparePostGroup(
  deps: AppDeps,
  userId: string,
  input: PrepareGroupInput,
): Promise<PreparedGroup> {
  if (new Set(input.accountIds).size !== input.accountIds.length) {
    throw new AppError('validation_error', POST_GROUP_MESSAGES.duplicateAccount, { field: 'accountIds' });
  }
  input.versions.forEach((version, index) => {
    if (version.accountId !== undefined && !input.accountIds.includes(version.accountId)) {
      throw new AppError('validation_error', POST_GROUP_MESSAGES.versionNotChosen, {
        field: `versions.${index}.accountId`,
      });
    }
  });
  const rows = await deps.db
    .selectFrom('socialAccounts')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', 'in', [...input.accountIds])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const accounts = input.accountIds.map((id) => {
    const row = byId.get(id);
    if (!row || !isPlatformId(row.platform)) throw new AppError('not_found', POST_MESSAGES.accountNotFound);
    return row;
  });
  const groupAccounts: GroupAccount[] = accounts.map((row) => ({
    id: row.id,
    platform: row.platform as PlatformId,
  }));
  const resolved = groupAccounts.map((account) =>
    versionFor(input.shared, overrideFor(input.versions, account), account.platform),
  );

  const mediaIds = [
    ...new Set([
      ...input.shared.media,
      ...resolved.flatMap((version) => [...version.media, ...(version.tweets ?? []).flatMap((t) => t.media)]),
    ]),
  ];
  const mediaRows = await listMediaForUser(deps.db, userId, mediaIds);
  if (mediaRows.length !== mediaIds.length) throw new AppError('not_found', POST_MESSAGES.mediaNotFound);
  const mediaById = new Map<string, MediaInfo>(
    mediaRows.map((row) => [
      row.id,
      { name: row.originalName, mimeType: row.mimeType, sizeBytes: row.sizeBytes, kind: row.kind },
    ]),
  );

  const identicalAt = await identicalTimes(deps, userId, groupAccounts, resolved, input);
  const problems = groupAccounts.flatMap((account) =>
    validateVersions({
      shared: input.shared,
      versions: input.versions,
      accounts: [account],
      action: input.actionOf(account.id),
      mediaInfo: (id) => mediaById.get(id),
      identicalAt,
    }),
  );

  const versions = accounts.map((account, index) => preparedVersionOf(account, resolved[index]!));
  return { versions, problems };
}

/** One account's version as its post is written (X and Threads keep the whole chain in tweets). */
export function preparedVersionOf(account: SocialAccountRow, version: GroupVersion): PreparedVersion {
  const platform = account.platform as PlatformId;
  const tweets = getPlatform(platform).capabilities.replyChain
    ? (version.tweets ?? [{ content: version.content, media: version.media }])
    : null;
  const allMediaIds = [...new Set([...version.media, ...(tweets ?? []).flatMap((tweet) => tweet.media)])];
  return { account, platform, ...version, tweets, allMediaIds };
}

/** For accounts whose platform refuses repeated text: when this text already goes out within a day. */
async function identicalTimes(
  deps: AppDeps,
  userId: string,
  accounts: readonly GroupAccount[],
  resolved: readonly { content: string; media: readonly string[] }[],
  input: PrepareGroupInput,
): Promise<Record<string, string | null>> {
  const checks = accounts.flatMap((account, index) => {
    const version = resolved[index]!;
    if (input.actionOf(account.id) === 'draft') return [];
    if (!refusesDuplicateText(account.platform, version.media.length > 0)) return [];
    return [{ account, version }];
  });
  if (checks.length === 0) return {};
  const { timezone, timeFormat } = await getPreferences(deps, userId);
  const at = input.at === null ? null : new Date(input.at).toISOString();
  const entries = await Promise.all(
    checks.map(async ({ account, version }) => {
      const { identicalAt } = await findIdenticalPost(deps.db, userId, {
        socialAccountId: account.id,
        content: version.content,
        hasMedia: version.media.length > 0,
        at,
        excludePostId: input.excludePostIdOf?.(account.id),
      });
      return [account.id, identicalAt ? formatDateTime(identicalAt, timezone, timeFormat) : null] as const;
    }),
  );
  return Object.fromEntries(entries);
}
