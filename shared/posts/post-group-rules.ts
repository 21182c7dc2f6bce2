import type { MediaInfo } from '../media/media-rules.js';
import type { PlatformId } from '../platforms/ids.js';
import { duplicateTextWarning } from '../platforms/posting-rules.js';
import { getPlatform, getPostType, resolvePostType } from '../platforms/registry.js';
import type { PostStatus, TweetInput } from './api.js';
import { isReadOnlyVersion, READ_ONLY_STATUSES } from './group-outcome.js';
import type { VersionProblemDto } from './post-groups.js';
import { type PostAction, type PostMetadataInput, twitterPostTypeOf, validatePost } from './validate-post.js';

/**
 * Shared text to versions (issue 23), the one rule the web composer, the extension and the server
 * apply: a version that is not customised is the shared text, link and media as they go out on
 * its platform; customising copies that into the version and detaches it; resetting re-attaches
 * it; a later edit of the shared text changes only versions not customised and not yet sent; a
 * sent (or publishing) version is read-only.
 */

export interface SharedContent {
  content: string;
  media: readonly string[];
  link?: string | null;
}

/** A version's own choices (a network's or an account's); content, media and tweets count only when customised. */
export interface VersionOverride {
  customized: boolean;
  content?: string;
  media?: readonly string[];
  tweets?: readonly TweetInput[] | null;
  postType?: string;
  metadata?: Record<string, unknown>;
}

/** A version's target: one network, or one account (which wins over its network's). */
export type TargetedOverride = VersionOverride & { platform?: PlatformId; accountId?: string };

/** What goes out for one account. */
export interface GroupVersion {
  postType: string;
  content: string;
  media: string[];
  /** X threads and Threads chains with more than the post itself; null otherwise. */
  tweets: TweetInput[] | null;
  metadata: Record<string, unknown>;
  customized: boolean;
}

export interface GroupAccount {
  id: string;
  platform: PlatformId;
}

/** The shared text with the shared link after it (on its own paragraph), unless the text has it already. */
export function textWithLink(content: string, link: string | null | undefined): string {
  const url = link?.trim();
  if (!url || content.includes(url)) return content;
  return content.trim() ? `${content.trimEnd()}\n\n${url}` : url;
}

function isArticle(platform: PlatformId, postType: string): boolean {
  return platform === 'linkedin' && postType === 'article';
}

/** The version of `platform` as it goes out, from the shared content and the version's own choices. */
export function versionFor(
  shared: SharedContent,
  override: VersionOverride | undefined,
  platform: PlatformId,
): GroupVersion {
  const metadata = { ...(override?.metadata ?? {}) };
  const chain = getPlatform(platform).capabilities.replyChain;
  if (override?.customized) {
    const given = chain && override.tweets && override.tweets.length > 0 ? override.tweets : null;
    const first = given?.[0];
    const tweets = given && given.length > 1 ? given.map(copyTweet) : null;
    return {
      postType: postTypeOf(platform, override.postType, tweets),
      content: first ? first.content : (override.content ?? ''),
      media: first ? [...first.media] : [...(override.media ?? [])],
      tweets,
      metadata,
      customized: true,
    };
  }
  const postType = postTypeOf(platform, override?.postType, null);
  let content = shared.content;
  if (isArticle(platform, postType)) {
    const link = shared.link?.trim();
    if (link && !metadata.articleUrl) metadata.articleUrl = link;
  } else {
    content = textWithLink(content, shared.link);
  }
  // A Facebook story has no text: the shared text does not go out with it.
  if (getPostType(platform, postType)?.hasText === false) content = '';
  return { postType, content, media: [...shared.media], tweets: null, metadata, customized: false };
}

function postTypeOf(
  platform: PlatformId,
  postType: string | undefined,
  tweets: readonly TweetInput[] | null,
) {
  if (platform === 'twitter') return twitterPostTypeOf(tweets?.length ?? 1);
  // An unknown type is kept so that validation names it.
  return postType ?? resolvePostType(platform, null);
}

function copyTweet(tweet: TweetInput): TweetInput {
  return { content: tweet.content, media: [...tweet.media] };
}

/** The override an account follows: its own, else its network's, else none. */
export function overrideFor(
  versions: readonly TargetedOverride[],
  account: GroupAccount,
): TargetedOverride | undefined {
  return (
    versions.find((version) => version.accountId === account.id) ??
    versions.find((version) => version.accountId === undefined && version.platform === account.platform)
  );
}

/** Customise: the version starts as a copy of what it showed (shared text, link and media) and detaches. */
export function customise(
  shared: SharedContent,
  override: VersionOverride | undefined,
  platform: PlatformId,
): VersionOverride {
  if (override?.customized) return override;
  const version = versionFor(shared, override, platform);
  return {
    ...override,
    customized: true,
    content: version.content,
    media: version.media,
    tweets: version.tweets,
    metadata: version.metadata,
  };
}

/** "Reset to the shared text": the version's own text, media and thread go; its type and settings stay. */
export function resetToShared(override: VersionOverride): VersionOverride {
  const { content: _content, media: _media, tweets: _tweets, ...rest } = override;
  return { ...rest, customized: false };
}

// Sent (or being sent) versions are read-only: the rule lives with a group's outcome, which the
// lists and the calendar read without the validation rules (twitter-text) this file brings.
export { isReadOnlyVersion, READ_ONLY_STATUSES };

/** A stored version of a group, as far as the rules need it. */
export interface GroupPostState {
  id: string;
  platform: PlatformId;
  status: PostStatus;
  customized: boolean;
  postType: string;
  content: string;
  media: readonly string[];
  metadata: Record<string, unknown>;
}

/**
 * A later edit of the shared content: the versions it changes (not customised, not sent, and
 * whose text, media or settings differ from what they hold) with what they become.
 */
export function applySharedEdit(
  posts: readonly GroupPostState[],
  shared: SharedContent,
): { postId: string; version: GroupVersion }[] {
  return posts.flatMap((post) => {
    if (post.customized || isReadOnlyVersion(post.status)) return [];
    const version = versionFor(
      shared,
      { customized: false, postType: post.postType, metadata: post.metadata },
      post.platform,
    );
    const same =
      version.content === post.content &&
      version.media.length === post.media.length &&
      version.media.every((id, index) => id === post.media[index]) &&
      JSON.stringify(version.metadata) === JSON.stringify(post.metadata);
    return same ? [] : [{ postId: post.id, version }];
  });
}

export interface ValidateVersionsInput {
  shared: SharedContent;
  versions: readonly TargetedOverride[];
  accounts: readonly GroupAccount[];
  action: PostAction;
  /** The media the user owns, by id; an unknown id is not judged here (the server refuses it). */
  mediaInfo: (id: string) => MediaInfo | undefined;
  /**
   * Accounts whose platform refuses repeated text (X) and that already have this text within 24
   * hours: the other post's time, as shown to the user. Drafts keep it; other actions are refused.
   */
  identicalAt?: Readonly<Record<string, string | null | undefined>>;
}

/** Every version checked with the shared rules; the problems per account with the spec's messages. */
export function validateVersions(input: ValidateVersionsInput): VersionProblemDto[] {
  const infos = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const info = input.mediaInfo(id);
      return info ? [info] : [];
    });
  return input.accounts.flatMap((account) => {
    const { platform } = account;
    const version = versionFor(input.shared, overrideFor(input.versions, account), platform);
    const issues = validatePost(
      {
        platform,
        postType: version.postType,
        content: version.content,
        media: infos(version.media),
        tweets:
          version.tweets?.map((tweet) => ({ content: tweet.content, media: infos(tweet.media) })) ?? null,
        metadata: version.metadata as PostMetadataInput,
      },
      input.action,
    );
    const problems = issues.map((issue) => ({ accountId: account.id, platform, ...issue }));
    const identicalAt = input.identicalAt?.[account.id];
    if (identicalAt && input.action !== 'draft') {
      const message = duplicateTextWarning(getPlatform(platform).displayName, identicalAt);
      problems.push({ accountId: account.id, platform, field: 'content', message });
    }
    return problems;
  });
}
