import { PLATFORM_IDS, type PlatformId } from './ids';
import type { MediaKind, PlatformInfo, PostTypeInfo } from './platform-info';

/**
 * Platforms as data: the one description of each platform that the web app, the server and the
 * extension read. Limits come from spec 02 sections 5 and 9; Threads (not in the spec) and X's own
 * media limits come from the platform documentation (platform-apis.md sections 1.3 and 6.2).
 * Posting caps per account: X 100 creates per 15 min per user; Instagram 100 publishes, Threads
 * 250 posts and Facebook 500 posts per 24 h (platform-apis.md). Identical text: X refuses it
 * ("You are not allowed to create a Tweet with duplicate content."), and Facebook for text-only
 * posts ("(#506) Duplicate status message").
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const MB = 1024 * 1024;
export const GB = 1024 * MB;

export const RECONNECT_ADVICE = 'Please reconnect your account every 2 months to avoid potential API errors.';

const IMAGE_VIDEO: readonly MediaKind[] = ['image', 'video'];

export const PLATFORMS: readonly PlatformInfo[] = [
  {
    id: 'twitter',
    displayName: 'X',
    shortName: 'X',
    connectLabel: 'X',
    showsHandle: true,
    brandColor: '#1D9BF0',
    postTypes: [
      { id: 'single', label: 'Single tweet', hasText: true, mediaKinds: IMAGE_VIDEO },
      { id: 'thread', label: 'Thread', hasText: true, mediaKinds: IMAGE_VIDEO },
    ],
    defaultPostType: 'single',
    mediaKinds: IMAGE_VIDEO,
    // X: images 5 MB, animated GIF 15 MB, video 512 MB (platform-apis.md 1.3).
    limits: {
      text: 280,
      counting: 'twitter-weighted',
      mediaPerPost: 4,
      imageBytes: 5 * MB,
      videoBytes: 512 * MB,
      fileBytes: 512 * MB,
    },
    capabilities: {
      analytics: true,
      replyChain: true,
      mentionSuggestions: true,
      altText: false,
      mediaFetchedByUrl: 'none',
    },
    reconnectAdvice: null,
    postingCap: { count: 100, windowMs: 15 * MINUTE_MS },
    refusesDuplicateText: 'always',
  },
  {
    id: 'facebook',
    displayName: 'Facebook',
    shortName: 'Facebook',
    connectLabel: 'Facebook Page',
    showsHandle: false,
    brandColor: '#0866FF',
    postTypes: [
      { id: 'normal', label: 'Post', hasText: true, mediaKinds: IMAGE_VIDEO },
      { id: 'story', label: 'Story', hasText: false, mediaKinds: IMAGE_VIDEO },
      { id: 'reel', label: 'Reel', hasText: true, mediaKinds: ['video'] },
    ],
    defaultPostType: 'normal',
    mediaKinds: IMAGE_VIDEO,
    limits: {
      text: 63206,
      counting: 'code-points',
      mediaPerPost: null,
      imageBytes: 8 * MB,
      videoBytes: 4 * GB,
      fileBytes: 4 * GB,
    },
    capabilities: {
      analytics: true,
      replyChain: false,
      mentionSuggestions: false,
      altText: false,
      mediaFetchedByUrl: 'none',
    },
    reconnectAdvice: RECONNECT_ADVICE,
    postingCap: { count: 500, windowMs: DAY_MS },
    refusesDuplicateText: 'text-only',
  },
  {
    id: 'instagram',
    displayName: 'Instagram',
    shortName: 'Instagram',
    connectLabel: 'Business/Creator Instagram',
    showsHandle: true,
    brandColor: '#E4405F',
    postTypes: [
      { id: 'normal', label: 'Post', hasText: true, mediaKinds: IMAGE_VIDEO },
      { id: 'story', label: 'Story', hasText: true, mediaKinds: IMAGE_VIDEO },
      { id: 'reel', label: 'Reel', hasText: true, mediaKinds: ['video'] },
      { id: 'carousel', label: 'Carousel', hasText: true, mediaKinds: IMAGE_VIDEO },
    ],
    defaultPostType: 'normal',
    mediaKinds: IMAGE_VIDEO,
    limits: {
      text: 2200,
      counting: 'code-points',
      mediaPerPost: 10,
      imageBytes: 30 * MB,
      videoBytes: 4 * GB,
      fileBytes: 4 * GB,
    },
    capabilities: {
      analytics: true,
      replyChain: false,
      mentionSuggestions: false,
      altText: true,
      mediaFetchedByUrl: 'all',
    },
    reconnectAdvice: RECONNECT_ADVICE,
    postingCap: { count: 100, windowMs: DAY_MS },
    refusesDuplicateText: 'never',
  },
  {
    id: 'linkedin',
    displayName: 'LinkedIn',
    shortName: 'LinkedIn',
    connectLabel: 'LinkedIn',
    showsHandle: false,
    brandColor: '#0A66C2',
    postTypes: [
      { id: 'normal', label: 'Post', hasText: true, mediaKinds: ['image', 'video', 'document', 'audio'] },
      { id: 'article', label: 'Article', hasText: true, mediaKinds: ['image', 'video', 'document', 'audio'] },
    ],
    defaultPostType: 'normal',
    mediaKinds: ['image', 'video', 'document', 'audio'],
    limits: {
      text: 1300,
      counting: 'code-points',
      mediaPerPost: 20,
      imageBytes: 100 * MB,
      videoBytes: 100 * MB,
      fileBytes: 100 * MB,
    },
    capabilities: {
      analytics: true,
      replyChain: false,
      mentionSuggestions: false,
      altText: false,
      mediaFetchedByUrl: 'none',
    },
    reconnectAdvice: null,
    postingCap: null,
    refusesDuplicateText: 'never',
  },
  {
    id: 'tiktok',
    displayName: 'TikTok',
    shortName: 'TikTok',
    connectLabel: 'TikTok',
    showsHandle: false,
    brandColor: '#000000',
    postTypes: [
      { id: 'video', label: 'Video', hasText: true, mediaKinds: ['video'] },
      { id: 'photo', label: 'Photo', hasText: true, mediaKinds: ['image'] },
    ],
    defaultPostType: 'video',
    mediaKinds: IMAGE_VIDEO,
    limits: {
      text: 150,
      counting: 'code-points',
      mediaPerPost: 12,
      imageBytes: GB,
      videoBytes: GB,
      fileBytes: GB,
    },
    capabilities: {
      analytics: false,
      replyChain: false,
      mentionSuggestions: false,
      altText: false,
      // Photo posts are PULL_FROM_URL only; videos are uploaded in chunks (platform-apis.md 5.3, 5.4).
      mediaFetchedByUrl: 'photos',
    },
    reconnectAdvice: null,
    postingCap: null,
    refusesDuplicateText: 'never',
  },
  {
    id: 'threads',
    displayName: 'Threads',
    shortName: 'Threads',
    connectLabel: 'Threads',
    showsHandle: false,
    brandColor: '#101010',
    postTypes: [{ id: 'normal', label: 'Post', hasText: true, mediaKinds: IMAGE_VIDEO }],
    defaultPostType: 'normal',
    mediaKinds: IMAGE_VIDEO,
    // Images JPEG/PNG 8 MB, video MP4/MOV 1 GB, carousel 2-20 items (platform-apis.md 6.2).
    limits: {
      text: 500,
      counting: 'threads-emoji-bytes',
      mediaPerPost: 20,
      imageBytes: 8 * MB,
      videoBytes: GB,
      fileBytes: GB,
    },
    capabilities: {
      analytics: true,
      replyChain: true,
      mentionSuggestions: false,
      altText: false,
      mediaFetchedByUrl: 'all',
    },
    reconnectAdvice: null,
    postingCap: { count: 250, windowMs: DAY_MS },
    refusesDuplicateText: 'never',
  },
];

const BY_ID = new Map<PlatformId, PlatformInfo>(PLATFORMS.map((platform) => [platform.id, platform]));

export function getPlatform(id: PlatformId): PlatformInfo {
  const platform = BY_ID.get(id);
  if (!platform) throw new Error(`Unknown platform: ${id}`);
  return platform;
}

/** Platforms whose analytics the product counts (all but TikTok). */
export const ANALYTICS_PLATFORMS: readonly PlatformId[] = PLATFORMS.filter(
  (p) => p.capabilities.analytics,
).map((p) => p.id);

export function getPostType(platform: PlatformId, postType: string | null | undefined): PostTypeInfo | null {
  const info = getPlatform(platform);
  return info.postTypes.find((type) => type.id === (postType ?? info.defaultPostType)) ?? null;
}

export function isPostType(platform: PlatformId, postType: string): boolean {
  return getPlatform(platform).postTypes.some((type) => type.id === postType);
}

/** Unselected post types default to the platform's default (spec 02 section 4: normal). */
export function resolvePostType(platform: PlatformId, postType: string | null | undefined): string {
  if (postType && isPostType(platform, postType)) return postType;
  return getPlatform(platform).defaultPostType;
}

/** Whether the platform downloads this post's media from a public address (signed URL) itself. */
export function fetchesMediaByUrl(platform: PlatformId, postType?: string | null): boolean {
  const mode = getPlatform(platform).capabilities.mediaFetchedByUrl;
  if (mode === 'all') return true;
  if (mode === 'photos') return resolvePostType(platform, postType) === 'photo';
  return false;
}

// Every id has an entry, in the order of PLATFORM_IDS (display order).
if (PLATFORMS.length !== PLATFORM_IDS.length || PLATFORMS.some((p, i) => p.id !== PLATFORM_IDS[i])) {
  throw new Error('PLATFORMS must list every platform id in PLATFORM_IDS order');
}
