import type { PlatformId } from '../platforms/ids';
import type { MediaKind } from '../platforms/platform-info';
import { getPlatform, MB, resolvePostType } from '../platforms/registry';
import { MEDIA_MESSAGES } from './media-messages';

/**
 * Media rules per platform and post type: the file types each accepts and the checks of one file
 * and of a post's set, answering with the messages of media-messages.ts. Sizes are binary:
 * 8MB = 8 x 1024 x 1024 bytes, 1GB = 1024 MB.
 *
 * The MIME type must come from the file's content (file-type) on the server, never from its name.
 */

export interface MediaInfo {
  name: string;
  mimeType: string;
  sizeBytes: number;
  kind: MediaKind;
}

/** 'compose': while the user edits (and for drafts); 'send': when scheduling or publishing. */
type MediaPhase = 'compose' | 'send';

const MIME = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  mp4: 'video/mp4',
  quicktime: 'video/quicktime',
} as const;

/** File types per platform and post type (spec 02 section 5; X and Threads from platform-apis.md). */
const FACEBOOK_NORMAL = [MIME.jpeg, MIME.jpg, MIME.png, MIME.gif, MIME.mp4, MIME.quicktime];
const FACEBOOK_STORY = [MIME.jpeg, MIME.jpg, MIME.png, MIME.mp4, MIME.quicktime];
const TWITTER_TYPES = [MIME.jpeg, MIME.jpg, MIME.png, MIME.gif, MIME.webp, MIME.mp4, MIME.quicktime];
const INSTAGRAM_TYPES = [MIME.jpeg, MIME.jpg, MIME.png, MIME.gif, MIME.mp4, MIME.quicktime];
const TIKTOK_TYPES = [
  MIME.jpeg,
  MIME.jpg,
  MIME.png,
  MIME.gif,
  MIME.mp4,
  MIME.quicktime,
  'video/mpeg',
  'video/x-msvideo',
  'video/3gpp',
];
const THREADS_TYPES = [MIME.jpeg, MIME.jpg, MIME.png, MIME.mp4, MIME.quicktime];

/** LinkedIn pasted images (spec 02 section 5). */
const LINKEDIN_PASTED_IMAGE_TYPES: readonly string[] = [
  MIME.jpeg,
  MIME.jpg,
  MIME.png,
  MIME.gif,
  MIME.heic,
  MIME.heif,
  MIME.webp,
];

/** LinkedIn's accepted list: images, PDF, Office and OpenDocument files, video and audio. */
const LINKEDIN_TYPES: readonly string[] = [
  ...LINKEDIN_PASTED_IMAGE_TYPES,
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  MIME.mp4,
  MIME.quicktime,
  'video/x-msvideo',
  'video/avi',
  'video/webm',
  'video/x-matroska',
  'video/x-ms-wmv',
  'video/mpeg',
  'video/x-ms-asf',
  'video/x-flv',
  'audio/aac',
  'audio/mpeg',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/flac',
  'audio/x-flac',
  'audio/ogg',
];

/** What kind of media a MIME type is; documents are the office and PDF types above. */
export function mediaKindOf(mimeType: string): MediaKind {
  const type = normalizeMime(mimeType);
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'document';
}

function normalizeMime(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

interface MediaFileOptions {
  /** The image came from the clipboard (LinkedIn has its own list and message for these). */
  pasted?: boolean;
}

/**
 * Accepted MIME types for a platform and post type, for a file input's `accept` attribute (may hold a
 * wildcard such as `video/*`). To decide whether a file is allowed, call validateMediaFile.
 */
export function acceptedMimeTypes(platform: PlatformId, postType?: string | null): readonly string[] {
  const type = resolvePostType(platform, postType);
  switch (platform) {
    case 'twitter':
      return TWITTER_TYPES;
    case 'facebook':
      if (type === 'story') return FACEBOOK_STORY;
      if (type === 'reel') return ['video/*'];
      return FACEBOOK_NORMAL;
    case 'instagram':
      return type === 'reel' ? [MIME.mp4, MIME.quicktime] : INSTAGRAM_TYPES;
    case 'tiktok':
      return TIKTOK_TYPES.filter((mime) => mediaKindOf(mime) === (type === 'photo' ? 'image' : 'video'));
    case 'linkedin':
      return LINKEDIN_TYPES;
    case 'threads':
      return THREADS_TYPES;
  }
}

function isOneOf(mimeType: string, list: readonly string[]): boolean {
  return list.includes(normalizeMime(mimeType));
}

/** One file against the platform's type and size rules; the first problem's message, or null. */
export function validateMediaFile(
  platform: PlatformId,
  postType: string | null | undefined,
  file: MediaInfo,
  options: MediaFileOptions = {},
): string | null {
  const type = resolvePostType(platform, postType);
  const kind = mediaKindOf(file.mimeType);
  const mime = normalizeMime(file.mimeType);
  const limits = getPlatform(platform).limits;
  const m = MEDIA_MESSAGES;
  switch (platform) {
    case 'twitter': {
      if (!isOneOf(mime, TWITTER_TYPES)) return m.twitterUnsupported(file.name);
      if (mime === MIME.gif) return file.sizeBytes > 15 * MB ? m.twitterGifTooLarge(file.name) : null;
      if (kind === 'image')
        return file.sizeBytes > limits.imageBytes ? m.twitterImageTooLarge(file.name) : null;
      return file.sizeBytes > limits.videoBytes ? m.twitterVideoTooLarge(file.name) : null;
    }
    case 'facebook': {
      // Reels take any video (spec: "Reel allows video only"); the other types have fixed lists.
      const allowed =
        type === 'reel'
          ? kind === 'video'
          : isOneOf(mime, type === 'story' ? FACEBOOK_STORY : FACEBOOK_NORMAL);
      if (!allowed) return m.facebookUnsupported(file.name, type);
      if (kind === 'image')
        return file.sizeBytes > limits.imageBytes ? m.facebookImageTooLarge(file.name) : null;
      return file.sizeBytes > limits.videoBytes ? m.facebookVideoTooLarge(file.name) : null;
    }
    case 'instagram': {
      if (!isOneOf(mime, INSTAGRAM_TYPES)) return m.instagramUnsupported(file.name);
      if (type === 'reel' && kind !== 'video') return m.instagramReelVideoOnly;
      if (kind === 'image')
        return file.sizeBytes > limits.imageBytes ? m.instagramImageTooLarge(file.name) : null;
      return file.sizeBytes > limits.videoBytes ? m.instagramVideoTooLarge(file.name) : null;
    }
    case 'tiktok': {
      if (!isOneOf(mime, TIKTOK_TYPES)) return m.tiktokUnsupported(file.name);
      if (type === 'video' && kind !== 'video') return m.tiktokMustBeVideo;
      if (type === 'photo' && kind !== 'image') return m.tiktokMustBeImages;
      return file.sizeBytes > limits.fileBytes ? m.tiktokTooLarge(file.name) : null;
    }
    case 'linkedin': {
      if (options.pasted) {
        if (!isOneOf(mime, LINKEDIN_PASTED_IMAGE_TYPES)) return m.linkedinUnsupported(file.name);
        return file.sizeBytes > limits.imageBytes ? m.linkedinPastedTooLarge : null;
      }
      if (!isOneOf(mime, LINKEDIN_TYPES)) return m.linkedinUnsupported(file.name);
      return file.sizeBytes > limits.fileBytes ? m.linkedinTooLarge(file.name) : null;
    }
    case 'threads': {
      if (!isOneOf(mime, THREADS_TYPES)) return m.threadsUnsupported(file.name);
      if (kind === 'image')
        return file.sizeBytes > limits.imageBytes ? m.threadsImageTooLarge(file.name) : null;
      return file.sizeBytes > limits.videoBytes ? m.threadsVideoTooLarge(file.name) : null;
    }
  }
}

/**
 * The files of one post (one tweet, one Threads post) as a whole: each file first, then the counts
 * and combinations. 'compose' enforces maximums only (an editor may be half-filled); 'send' also
 * enforces minimums and exact counts (carousel 2-10, story exactly one, TikTok media required).
 */
export function validateMediaSet(
  platform: PlatformId,
  postType: string | null | undefined,
  files: readonly MediaInfo[],
  phase: MediaPhase,
): string | null {
  for (const file of files) {
    const problem = validateMediaFile(platform, postType, file);
    if (problem) return problem;
  }
  const type = resolvePostType(platform, postType);
  const count = files.length;
  const sending = phase === 'send';
  const m = MEDIA_MESSAGES;
  switch (platform) {
    case 'twitter': {
      if (count > 4) return m.twitterMaxMedia;
      // X: up to 4 photos OR 1 GIF OR 1 video per tweet (platform-apis.md 1.3).
      const hasVideoOrGif = files.some(
        (f) => mediaKindOf(f.mimeType) === 'video' || normalizeMime(f.mimeType) === MIME.gif,
      );
      return hasVideoOrGif && count > 1 ? m.twitterVideoAlone : null;
    }
    case 'facebook': {
      if ((type === 'story' || type === 'reel') && count > 1) return m.facebookOneFile(type);
      if (sending && type === 'story' && count !== 1) return m.facebookStoryNeedsMedia;
      if (sending && type === 'reel' && count !== 1) return m.facebookReelNeedsVideo;
      return null;
    }
    case 'instagram': {
      if (type === 'carousel') {
        if (count > 10) return m.instagramCarouselMax;
        return sending && count < 2 ? m.instagramCarouselRange : null;
      }
      if (type === 'story') return count > 1 || (sending && count !== 1) ? m.instagramStoryOne : null;
      if (count > 1) return m.instagramOneFile(type);
      if (sending && count === 0) return type === 'reel' ? m.instagramReelVideoOnly : m.instagramNeedsMedia;
      return null;
    }
    case 'tiktok': {
      if (sending && count === 0) return m.tiktokNeedsMedia;
      if (type === 'video') return count > 1 ? m.tiktokOneVideo : null;
      return count > 12 ? m.tiktokPhotoCount : null;
    }
    case 'linkedin': {
      // LinkedIn posts carry one media type: several images, or one video / document (platform-apis.md 4.3).
      const nonImages = files.filter((f) => mediaKindOf(f.mimeType) !== 'image').length;
      if (nonImages > 0 && count > 1) return m.linkedinSingleFile;
      return count > 20 ? m.linkedinMaxImages : null;
    }
    case 'threads':
      return count > 20 ? m.threadsMaxMedia : null;
  }
}
