import type { PlatformId } from '../../../shared/platforms/ids';
import { getPlatform, getPostType, resolvePostType } from '../../../shared/platforms/registry';
import type { MediaDto, MediaKind, PostDto } from '../../../shared/posts/api';
import {
  LINKEDIN_DEFAULT_VISIBILITY,
  TIKTOK_DEFAULTS,
  TIKTOK_DRAFT_SCHEDULED_AT,
} from '../../../shared/posts/constants';

/** One attached file: uploading (progress < 1, no `media` yet) or stored on the server. */
export interface ComposerMedia {
  key: string;
  name: string;
  mimeType: string;
  kind: MediaKind;
  sizeBytes: number;
  /** Object URL while uploading, then the owner-only '/api/media/:id'. */
  previewUrl: string;
  progress: number;
  media: MediaDto | null;
}

/** A post of the chain: the post itself first, then X thread tweets or Threads replies. */
export interface ComposerItem {
  key: string;
  content: string;
  media: ComposerMedia[];
}

export interface ComposerState {
  platform: PlatformId | null;
  accountId: string | null;
  postType: string;
  items: ComposerItem[];
  metadata: Record<string, unknown>;
  /** UTC ISO chosen in the date/time picker, or null. */
  scheduledAt: string | null;
}

let counter = 0;
export function newKey(prefix = 'k'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export function emptyItem(): ComposerItem {
  return { key: newKey('item'), content: '', media: [] };
}

export function defaultMetadata(platform: PlatformId, postType: string): Record<string, unknown> {
  if (platform === 'tiktok')
    return { ...TIKTOK_DEFAULTS, media_type: postType === 'photo' ? 'photo' : 'video' };
  if (platform === 'linkedin') return { visibility: LINKEDIN_DEFAULT_VISIBILITY };
  return {};
}

export function initialState(
  platform: PlatformId | null = null,
  scheduledAt: string | null = null,
): ComposerState {
  const postType = platform ? getPlatform(platform).defaultPostType : 'normal';
  return {
    platform,
    accountId: null,
    postType,
    items: [emptyItem()],
    metadata: platform ? defaultMetadata(platform, postType) : {},
    scheduledAt,
  };
}

export function mediaFromDto(media: MediaDto): ComposerMedia {
  return {
    key: newKey('media'),
    name: media.originalName || media.fileName,
    mimeType: media.mimeType,
    kind: media.kind,
    sizeBytes: media.sizeBytes,
    previewUrl: media.url,
    progress: 1,
    media,
  };
}

/** A stored post loaded back into the editor (same row is saved again). */
export function stateFromPost(post: PostDto): ComposerState {
  const items: ComposerItem[] =
    post.tweets && post.tweets.length > 0
      ? post.tweets.map((tweet) => ({
          key: newKey('item'),
          content: tweet.content,
          media: tweet.media.map(mediaFromDto),
        }))
      : [{ key: newKey('item'), content: post.content, media: post.media.map(mediaFromDto) }];
  return {
    platform: post.platform,
    accountId: post.socialAccountId,
    postType: resolvePostType(post.platform, post.postType),
    items,
    metadata: { ...defaultMetadata(post.platform, post.postType), ...post.metadata },
    // A TikTok draft's far-future placeholder is not a time the user chose.
    scheduledAt: post.scheduledAt === TIKTOK_DRAFT_SCHEDULED_AT ? null : post.scheduledAt,
  };
}

export function usesChain(platform: PlatformId | null): boolean {
  return platform ? getPlatform(platform).capabilities.replyChain : false;
}

export function isUploading(state: ComposerState): boolean {
  return state.items.some((item) => item.media.some((m) => !m.media));
}

function mediaIds(item: ComposerItem): string[] {
  return item.media.flatMap((m) => (m.media ? [m.media.id] : []));
}

/** X: 'single' with one tweet, 'thread' with several (spec 02 section 4). */
export function effectivePostType(state: ComposerState): string {
  if (state.platform === 'twitter') return state.items.length > 1 ? 'thread' : 'single';
  return state.postType;
}

/** The request body shared by create and update. */
export function toPostBody(state: ComposerState) {
  const first = state.items[0] ?? emptyItem();
  const chain = usesChain(state.platform);
  // Facebook stories have no text box: text typed for another type is not sent.
  const hasText = state.platform ? (getPostType(state.platform, state.postType)?.hasText ?? true) : true;
  return {
    socialAccountId: state.accountId ?? '',
    postType: effectivePostType(state),
    content: hasText ? first.content : '',
    media: mediaIds(first),
    tweets: chain ? state.items.map((item) => ({ content: item.content, media: mediaIds(item) })) : null,
    metadata: { ...state.metadata, postType: effectivePostType(state) },
  };
}

/** What the user put into a composition, without the keys that change on every load. */
function contentKey(state: ComposerState): string {
  return JSON.stringify({
    accountId: state.accountId,
    postType: state.postType,
    items: state.items.map((item) => ({
      content: item.content,
      media: item.media.map((m) => m.media?.id ?? `uploading:${m.key}`),
    })),
    metadata: state.metadata,
    scheduledAt: state.scheduledAt,
  });
}

/**
 * Whether closing would lose something: text, media, another tweet, a chosen time, a post type
 * or platform option. A new composition is compared with an empty one for its platform (the
 * platform and its account alone are not work); a stored post with the post as loaded.
 */
export function hasChanges(state: ComposerState, baseline: ComposerState): boolean {
  const isNew = baseline.platform === null || baseline.platform !== state.platform;
  const reference = isNew
    ? { ...initialState(state.platform, baseline.scheduledAt), accountId: state.accountId }
    : baseline;
  return contentKey(state) !== contentKey(reference);
}
