import { type MediaInfo, validateMediaSet } from '../media/media-rules';
import type { PlatformId } from '../platforms/ids';
import { getPlatform, isPostType, resolvePostType } from '../platforms/registry';
import { fitsLimit } from './character-count';
import { LINKEDIN_VISIBILITIES, TIKTOK_PRIVACY_LEVELS } from './constants';

/**
 * Every composing rule of spec 02 section 5 (and the Threads rules), in one function the editors,
 * the server and the extension share, so a client that skips the editor gets the same messages.
 *
 * Drafts may be incomplete but never over a limit:
 * - every action (draft included) enforces text lengths, file types and sizes, maximum media counts,
 *   the "content or media" rule of each platform (spec: "an action needs ..."), LinkedIn's article
 *   URL (the spec disables every submit button for an article without a URL) and enum values;
 * - schedule and publish also enforce minimums and exact counts: carousel 2-10, one story file,
 *   TikTok media, Instagram media, no empty tweet inside an X thread or Threads chain.
 */

export interface PostChainItem {
  content: string;
  media: MediaInfo[];
}

/** Post metadata as stored (spec 02 section 3: the spec's field names, snake_case where it has them). */
export interface PostMetadataInput {
  articleUrl?: string | null;
  articleTitle?: string | null;
  articleDescription?: string | null;
  alt_text?: string | null;
  visibility?: string | null;
  privacy_level?: string | null;
  disable_comment?: boolean | null;
  disable_duet?: boolean | null;
  disable_stitch?: boolean | null;
  video_cover_timestamp_ms?: number | null;
  photo_cover_index?: number | null;
  media_type?: string | null;
}

export interface PostInput {
  platform: PlatformId;
  /** Unselected (null/undefined) means the platform's default type. */
  postType?: string | null;
  content?: string | null;
  media?: MediaInfo[] | null;
  /**
   * X threads and Threads reply chains: when non-empty, the WHOLE chain, first post included
   * (content/media then mirror tweets[0] and are not read). Ignored by other platforms.
   */
  tweets?: PostChainItem[] | null;
  metadata?: PostMetadataInput | null;
}

export type PostAction = 'draft' | 'schedule' | 'publish';

interface PostIssue {
  /** Dotted path of the offending field: content, media, tweets.1.content, metadata.articleUrl ... */
  field: string;
  message: string;
}

const POST_VALIDATION = {
  tweetTooLong: 'Your tweet is too long',
  captionTooLong: 'Your caption is too long',
  postTooLong: 'Your post is too long',
  twitterEmpty: 'Please provide content or at least one media file',
  facebookEmpty: 'At least content or a media file is required',
  instagramEmpty: 'Content or media is required for Instagram posts',
  tiktokNeedsMedia: 'At least one media file is required',
  linkedinEmpty: 'Either content, media, or an article URL is required',
  linkedinArticleUrlRequired: 'Article URL is required for article posts',
  linkedinArticleUrlInvalid: 'Please enter a valid article URL starting with http:// or https://',
  linkedinVisibilityInvalid: 'Visibility must be PUBLIC, CONNECTIONS or LOGGED_IN',
  tiktokPrivacyInvalid: 'Please choose a valid TikTok privacy level',
  threadsEmpty: 'Please provide content or at least one media file',
  postTypeInvalid: (platformName: string) => `This post type is not available for ${platformName}`,
} as const;

const TOO_LONG: Record<PlatformId, string> = {
  twitter: POST_VALIDATION.tweetTooLong,
  facebook: POST_VALIDATION.postTooLong,
  instagram: POST_VALIDATION.captionTooLong,
  linkedin: POST_VALIDATION.captionTooLong,
  tiktok: POST_VALIDATION.captionTooLong,
  threads: POST_VALIDATION.postTooLong,
};

/** The message shown when a text is over the platform's limit. */
export function tooLongMessage(platform: PlatformId): string {
  return TOO_LONG[platform];
}

/** The posts of a chain platform (X, Threads) as validated and published; one item elsewhere. */
export function postChainOf(input: PostInput): PostChainItem[] {
  const single = { content: input.content ?? '', media: input.media ?? [] };
  if (!getPlatform(input.platform).capabilities.replyChain) return [single];
  return input.tweets && input.tweets.length > 0 ? input.tweets : [single];
}

/** X post type follows the chain: single with one tweet, thread with several (spec 02 section 4). */
export function twitterPostTypeOf(tweetCount: number): 'single' | 'thread' {
  return tweetCount > 1 ? 'thread' : 'single';
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

function hasText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim().length > 0;
}

export function validatePost(input: PostInput, action: PostAction): PostIssue[] {
  const issues: PostIssue[] = [];
  const { platform } = input;
  const info = getPlatform(platform);
  const phase = action === 'draft' ? 'compose' : 'send';

  if (input.postType && !isPostType(platform, input.postType)) {
    issues.push({ field: 'postType', message: POST_VALIDATION.postTypeInvalid(info.displayName) });
    return issues;
  }
  const postType = resolvePostType(platform, input.postType);

  if (info.capabilities.replyChain) {
    validateChain(input, postType, phase, issues);
    return issues;
  }

  const content = input.content ?? '';
  const media = input.media ?? [];
  const metadata = input.metadata ?? {};
  if (!fitsLimit(platform, content)) issues.push({ field: 'content', message: tooLongMessage(platform) });

  const empty = !hasText(content) && media.length === 0;
  switch (platform) {
    case 'facebook':
      if (empty) issues.push({ field: 'content', message: POST_VALIDATION.facebookEmpty });
      break;
    case 'instagram':
      if (empty) issues.push({ field: 'content', message: POST_VALIDATION.instagramEmpty });
      break;
    case 'tiktok':
      // A TikTok post needs media; a draft may hold just a caption (the media come later).
      if (empty) issues.push({ field: 'media', message: POST_VALIDATION.tiktokNeedsMedia });
      if (
        metadata.privacy_level &&
        !(TIKTOK_PRIVACY_LEVELS as readonly string[]).includes(metadata.privacy_level)
      ) {
        issues.push({ field: 'metadata.privacy_level', message: POST_VALIDATION.tiktokPrivacyInvalid });
      }
      break;
    case 'linkedin': {
      const articleUrl = metadata.articleUrl ?? '';
      if (empty && !hasText(articleUrl))
        issues.push({ field: 'content', message: POST_VALIDATION.linkedinEmpty });
      if (postType === 'article' && !hasText(articleUrl)) {
        issues.push({ field: 'metadata.articleUrl', message: POST_VALIDATION.linkedinArticleUrlRequired });
      } else if (hasText(articleUrl) && !isHttpUrl(articleUrl)) {
        issues.push({ field: 'metadata.articleUrl', message: POST_VALIDATION.linkedinArticleUrlInvalid });
      }
      if (
        metadata.visibility &&
        !(LINKEDIN_VISIBILITIES as readonly string[]).includes(metadata.visibility)
      ) {
        issues.push({ field: 'metadata.visibility', message: POST_VALIDATION.linkedinVisibilityInvalid });
      }
      break;
    }
  }

  // An empty TikTok post already says media are required; do not say it twice.
  const alreadyNeedsMedia = issues.some((issue) => issue.field === 'media');
  const mediaProblem = validateMediaSet(platform, postType, media, phase);
  if (mediaProblem && !alreadyNeedsMedia) issues.push({ field: 'media', message: mediaProblem });
  return issues;
}

function validateChain(
  input: PostInput,
  postType: string,
  phase: 'compose' | 'send',
  issues: PostIssue[],
): void {
  const { platform } = input;
  const usesTweets = Boolean(input.tweets && input.tweets.length > 0);
  const chain = postChainOf(input);
  const emptyMessage = platform === 'twitter' ? POST_VALIDATION.twitterEmpty : POST_VALIDATION.threadsEmpty;
  const fieldOf = (index: number, name: 'content' | 'media') =>
    usesTweets ? `tweets.${index}.${name}` : name;

  const isEmpty = (item: PostChainItem) => !hasText(item.content) && item.media.length === 0;
  if (chain.every(isEmpty)) issues.push({ field: 'content', message: emptyMessage });

  chain.forEach((item, index) => {
    if (!fitsLimit(platform, item.content ?? '')) {
      issues.push({ field: fieldOf(index, 'content'), message: tooLongMessage(platform) });
    }
    // A thread cannot publish an empty post in the middle; drafts may keep one while editing.
    if (phase === 'send' && chain.length > 1 && isEmpty(item) && !chain.every(isEmpty)) {
      issues.push({ field: fieldOf(index, 'content'), message: emptyMessage });
    }
    const mediaProblem = validateMediaSet(platform, postType, item.media, phase);
    if (mediaProblem) issues.push({ field: fieldOf(index, 'media'), message: mediaProblem });
  });
}
