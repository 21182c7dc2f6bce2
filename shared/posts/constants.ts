import { exceeds, graphemes, truncateText } from '../text/truncate';

/** Post constants of spec 02 (sections 3, 4, 8 and 9). Wording is a requirement. */

/** `publishing` is ours: a claimed post while the publisher works on it (never shown as a filter). */
export const POST_STATUSES = ['draft', 'scheduled', 'publishing', 'posted', 'failed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_PAGE_SIZE = 10;

export const UPCOMING_DATE_FILTERS = ['today', 'this-week', 'this-month', 'all'] as const;
type UpcomingDateFilter = (typeof UPCOMING_DATE_FILTERS)[number];

export const SENT_DATE_FILTERS = ['all', 'today', 'this-week', 'this-month', 'this-year', '30d'] as const;
type SentDateFilter = (typeof SENT_DATE_FILTERS)[number];

export const DATE_FILTER_LABELS: Record<UpcomingDateFilter | SentDateFilter, string> = {
  all: 'All time',
  today: 'Today',
  'this-week': 'This week',
  'this-month': 'This month',
  'this-year': 'This year',
  '30d': 'Last 30 days',
};

export const POST_SORTS = ['newest', 'oldest'] as const;
type PostSort = (typeof POST_SORTS)[number];
export const POST_SORT_LABELS: Record<PostSort, string> = { newest: 'Newest first', oldest: 'Oldest first' };

export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;
type TikTokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];

/** The options of spec 02 section 9; the editor shows those the account's creator info allows. */
export const TIKTOK_PRIVACY_OPTIONS: readonly { value: TikTokPrivacyLevel; label: string }[] = [
  { value: 'PUBLIC_TO_EVERYONE', label: 'Public to everyone' },
  { value: 'MUTUAL_FOLLOW_FRIENDS', label: 'Mutual follow friends' },
  { value: 'SELF_ONLY', label: 'Only me' },
];
/** Offered only when TikTok's creator info lists it (not among the spec's three). */
export const TIKTOK_FOLLOWERS_OPTION = { value: 'FOLLOWER_OF_CREATOR', label: 'Followers' } as const;

export const TIKTOK_DEFAULTS = {
  privacy_level: 'PUBLIC_TO_EVERYONE',
  disable_comment: false,
  disable_duet: false,
  disable_stitch: false,
  video_cover_timestamp_ms: 0,
  photo_cover_index: 0,
  media_type: 'video',
} as const;

/** The TikTok draft call sends this far-future instant as scheduled_at (spec 02 section 4). */
export const TIKTOK_DRAFT_SCHEDULED_AT = '9999-12-31T23:59:59.999Z';

export const LINKEDIN_VISIBILITIES = ['PUBLIC', 'CONNECTIONS', 'LOGGED_IN'] as const;
type LinkedInVisibility = (typeof LINKEDIN_VISIBILITIES)[number];
export const LINKEDIN_DEFAULT_VISIBILITY: LinkedInVisibility = 'PUBLIC';

export const PREVIEW_CUT = { facebook: 125, instagram: 125, linkedin: 190 } as const;
export const SEE_MORE = 'See more';

/** Dashboard cards: X shows up to 4 media with a '+N' overlay, LinkedIn up to 3. */
export const CARD_MEDIA_PREVIEW = { twitter: 4, linkedin: 3 } as const;

export const MENTION_SUGGESTIONS_MAX = 5;
export const MENTION_SEARCH_DEBOUNCE_MS = 300;

/** Calendar: a post preview shows the first 15 characters; sent posts from the last 30 days. */
export const CALENDAR_PREVIEW_LENGTH = 15;
/** A calendar post's accessible name carries this many characters of its text. */
export const CALENDAR_LABEL_LENGTH = 40;
/** The calendar query reads this many code points of a post's text (SQLite's substr counts code points). */
export const CALENDAR_PREVIEW_CODE_POINTS = 80;

/**
 * A calendar cell's text, cut to `length` characters a reader sees. A prefix as long as the
 * server reads may end inside a character (half a family emoji, a flag without its second
 * letter): its last grapheme is dropped before the cut.
 */
export function calendarPreview(preview: string, length: number): string {
  const whole =
    Array.from(preview).length >= CALENDAR_PREVIEW_CODE_POINTS
      ? graphemes(preview).slice(0, -1).join('')
      : preview;
  return truncateText(whole, length);
}

/** Text cut for previews: the first `length` characters a reader sees and whether 'See more' is needed. */
export function truncatePreview(text: string, length: number): { text: string; truncated: boolean } {
  if (!exceeds(text, length)) return { text, truncated: false };
  return { text: truncateText(text, length), truncated: true };
}

/** Success toasts and error messages of spec 02 section 8. */
export const POST_MESSAGES = {
  draftSaved: 'Draft saved successfully!',
  draftUpdated: 'Draft updated successfully!',
  postUpdated: 'Post updated successfully!',
  postSuccessfullyScheduled: 'Post successfully scheduled!',
  postScheduled: 'Post scheduled successfully!',
  postSuccessfullyPosted: 'Post successfully posted!',
  postSent: 'Post sent successfully!',
  postPublished: 'Post published successfully!',

  notAuthenticated: 'Not authenticated',
  failedToLoadPostData: 'Failed to load post data',
  failedToUpdatePost: 'Failed to update post',
  noTwitterPostId: 'No post ID returned from Twitter API',
  failedToPostToTwitter: 'Failed to post to Twitter',
  facebookVideosAsReels: 'Videos must be posted as Reels. Please select "Reel" as the post type.',
  facebookStoriesOneMedia: 'Stories require exactly one photo or video.',
  failedToProcessRequest: 'Failed to process the request',
  actionFailed: 'Action failed',
  failedToLoadPostForEditing: 'Failed to load post for editing',
  unableToLoadMedia: 'Unable to load media. Please try again later.',

  failedToFetchScheduledPosts: 'Failed to fetch scheduled posts',
  failedToCreatePost: 'Failed to create post',
  failedToPostNow: 'Failed to post now',
  failedToDeletePost: 'Failed to delete post and media',
  failedToLoadPostDetails: 'Failed to load post details',
  authenticationError: 'Authentication error',
  reconnectAccount: 'Your account needs to be reconnected. Please reconnect your account.',
  failedToFetchPostUrl: 'Failed to fetch post URL',
  noPostUrl: 'No post URL found',
  missingPostInformation: 'Missing required post information',
  unsupportedPlatform: 'Unsupported platform',
  selectPlatform: 'Please select a platform to create your post.',
  noSentPosts: 'No sent posts found',
  noSentPostsHint: 'Try adjusting your filters or send a new post',
} as const;

export function errorLoadingPostsMessage(message: string): string {
  return `Error loading posts: ${message}`;
}

export function noAccountConnectedMessage(platformName: string): string {
  return `No ${platformName} account connected`;
}

/** '{Draft or Post} and associated media deleted successfully!' */
export function postDeletedMessage(isDraft: boolean): string {
  return `${isDraft ? 'Draft' : 'Post'} and associated media deleted successfully!`;
}
