import type { MediaInfo } from '../../shared/media/media-rules.js';
import { isPlatformId, type PlatformId } from '../../shared/platforms/ids.js';
import { getPlatform, resolvePostType } from '../../shared/platforms/registry.js';
import { POST_MESSAGES, type PostAction, type TweetInput } from '../../shared/posts/api.js';
import { type PostMetadataInput, twitterPostTypeOf, validatePost } from '../../shared/posts/validate-post.js';
import { AppError } from '../core/errors.js';
import type { MediaRow, SocialAccountRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { listMediaForUser } from '../media/media.repository.js';

interface PostContentInput {
  socialAccountId: string;
  postType?: string;
  content: string;
  media: string[];
  tweets?: TweetInput[] | null;
  metadata: Record<string, unknown>;
}

export interface PreparedPost {
  account: SocialAccountRow;
  platform: PlatformId;
  postType: string;
  content: string;
  media: string[];
  tweets: TweetInput[] | null;
  metadata: Record<string, unknown>;
  /** Every media id the post uses (its own and each tweet's), for post_media. */
  allMediaIds: string[];
}

/** The user's account, or 404 'Account not found' (a foreign id looks exactly like a missing one). */
async function getAccountForUser(deps: AppDeps, userId: string, accountId: string) {
  const account = await deps.db
    .selectFrom('socialAccounts')
    .selectAll()
    .where('id', '=', accountId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!account || !isPlatformId(account.platform))
    throw new AppError('not_found', POST_MESSAGES.accountNotFound);
  return account;
}

function toMediaInfo(row: MediaRow): MediaInfo {
  return { name: row.originalName, mimeType: row.mimeType, sizeBytes: row.sizeBytes, kind: row.kind };
}

/**
 * Resolves the account (platform comes from it), checks every media id belongs to the user,
 * shapes X threads and Threads chains (the first item is the post itself) and re-validates
 * everything with the shared rules: the client's own checks are never trusted.
 */
export async function preparePost(
  deps: AppDeps,
  userId: string,
  input: PostContentInput,
  action: PostAction,
): Promise<PreparedPost> {
  const account = await getAccountForUser(deps, userId, input.socialAccountId);
  const platform = account.platform as PlatformId;
  const info = getPlatform(platform);

  let content = input.content;
  let media = [...input.media];
  let tweets: TweetInput[] | null = null;
  if (info.capabilities.replyChain) {
    tweets = input.tweets && input.tweets.length > 0 ? input.tweets : [{ content, media }];
    content = tweets[0]!.content;
    media = [...tweets[0]!.media];
  }
  const allMediaIds = [...new Set([...media, ...(tweets ?? []).flatMap((tweet) => tweet.media)])];
  const rows = await listMediaForUser(deps.db, userId, allMediaIds);
  if (rows.length !== allMediaIds.length) throw new AppError('not_found', POST_MESSAGES.mediaNotFound);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const infoOf = (ids: readonly string[]) => ids.map((id) => toMediaInfo(byId.get(id)!));

  // X's type follows the chain (single or thread); elsewhere an absent type is the platform's default.
  const postType =
    platform === 'twitter'
      ? twitterPostTypeOf(tweets?.length ?? 1)
      : (input.postType ?? resolvePostType(platform, null));
  const issues = validatePost(
    {
      platform,
      postType,
      content,
      media: infoOf(media),
      tweets: tweets?.map((tweet) => ({ content: tweet.content, media: infoOf(tweet.media) })) ?? null,
      metadata: input.metadata as PostMetadataInput,
    },
    action,
  );
  const issue = issues[0];
  if (issue) throw new AppError('validation_error', issue.message, { field: issue.field });

  return {
    account,
    platform,
    postType,
    content,
    media,
    tweets,
    metadata: input.metadata,
    allMediaIds,
  };
}
