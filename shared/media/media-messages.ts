/**
 * The media messages of spec 02 section 5, word for word. Where the spec gives no message (X's
 * own limits, Threads, video caps) the message follows the spec's wording style.
 */
export const MEDIA_MESSAGES = {
  twitterMaxMedia: 'Maximum 4 media files per tweet',
  twitterUnsupported: (name: string) => `File "${name}" is not a supported format for X.`,
  twitterImageTooLarge: (name: string) => `Image "${name}" exceeds the 5MB limit.`,
  twitterGifTooLarge: (name: string) => `GIF "${name}" exceeds the 15MB limit.`,
  twitterVideoTooLarge: (name: string) => `Video "${name}" exceeds the 512MB limit.`,
  twitterVideoAlone: 'A tweet can have one video or GIF, or up to 4 images.',

  facebookImageTooLarge: (name: string) => `Image "${name}" exceeds the 8MB limit.`,
  facebookVideoTooLarge: (name: string) => `Video "${name}" exceeds the 4GB limit.`,
  facebookUnsupported: (name: string, type: string) =>
    `File "${name}" is not supported for Facebook ${type} posts.`,
  facebookOneFile: (type: string) => `Only one file is allowed for ${type} posts.`,
  facebookStoryNeedsMedia: 'Stories require exactly one photo or video.',
  facebookReelNeedsVideo: 'Reels require exactly one video.',

  instagramUnsupported: (name: string) => `Unsupported file format: ${name}`,
  instagramImageTooLarge: (name: string) => `Image "${name}" exceeds the 30MB limit.`,
  instagramVideoTooLarge: (name: string) => `Video "${name}" exceeds the 4GB limit.`,
  instagramCarouselMax: 'Carousel posts can have up to 10 media files.',
  instagramCarouselRange: 'Carousel posts require 2–10 media files',
  instagramStoryOne: 'Stories require exactly one photo or video',
  instagramReelVideoOnly: 'Reels only support video uploads.',
  instagramOneFile: (type: string) => `Only one file is allowed for ${type} posts.`,
  instagramNeedsMedia: 'Instagram posts require a photo or video.',

  tiktokTooLarge: (name: string) => `File "${name}" exceeds the 1024 MB limit.`,
  tiktokUnsupported: (name: string) => `File "${name}" is not an accepted format for TikTok uploads`,
  tiktokNeedsMedia: 'At least one media file is required',
  tiktokOneVideo: 'Exactly one video is required for video posts',
  tiktokMustBeVideo: 'Invalid file type: must be a video',
  tiktokPhotoCount: 'Photo posts require 1 to 12 images',
  tiktokMustBeImages: 'Invalid file type: all files must be images',
  tiktokNoValidMedia: 'No valid media files',

  linkedinTooLarge: (name: string) => `File "${name}" exceeds the 100 MB limit.`,
  linkedinUnsupported: (name: string) => `File "${name}" is not a supported format for LinkedIn.`,
  linkedinPastedTooLarge: 'Pasted image exceeds the 100 MB limit.',
  linkedinMaxImages: 'LinkedIn posts can have up to 20 images.',
  linkedinSingleFile: 'A video, document or audio file must be the only file in a LinkedIn post.',

  threadsUnsupported: (name: string) => `File "${name}" is not a supported format for Threads.`,
  threadsImageTooLarge: (name: string) => `Image "${name}" exceeds the 8MB limit.`,
  threadsVideoTooLarge: (name: string) => `Video "${name}" exceeds the 1GB limit.`,
  threadsMaxMedia: 'Threads posts can have up to 20 media files.',

  /** Facebook and LinkedIn: an upload in which no file survived the checks. */
  noValidMediaFound: 'No valid media files found',
} as const;
