import type { PlatformId } from './ids';

/** The shape of a platform's description in the registry (registry.ts holds the data). */

export type MediaKind = 'image' | 'video' | 'document' | 'audio';

/** How a platform counts the length of a text (see shared/posts/character-count.ts). */
type CharacterCounting = 'twitter-weighted' | 'threads-emoji-bytes' | 'code-points';

export interface PostTypeInfo {
  id: string;
  label: string;
  /** False when the editor shows no text box (Facebook stories). */
  hasText: boolean;
  mediaKinds: readonly MediaKind[];
}

export interface PlatformLimits {
  /** Maximum length of one post (one tweet on X), counted as `counting` says. */
  text: number;
  counting: CharacterCounting;
  /** Maximum media files in one post (one tweet); null when the spec sets no count. */
  mediaPerPost: number | null;
  imageBytes: number;
  videoBytes: number;
  /** Cap for any other accepted file (documents, audio); equal to the largest cap otherwise. */
  fileBytes: number;
}

export interface PlatformInfo {
  id: PlatformId;
  /**
   * The one name the interface uses for the platform, in every label and message that the spec
   * does not fix word for word ('X', never 'Twitter'; the stored id stays `twitter`).
   */
  displayName: string;
  /** Short label for tight places (badges, icons). */
  shortName: string;
  /** Label of the connect entry in the connection chooser (spec 01 section 1). */
  connectLabel: string;
  /** The @handle is shown for twitter and instagram only (spec 01 section 2). */
  showsHandle: boolean;
  brandColor: string;
  postTypes: readonly PostTypeInfo[];
  defaultPostType: string;
  mediaKinds: readonly MediaKind[];
  limits: PlatformLimits;
  capabilities: {
    /** Analytics counted: all but TikTok, whose `video.list` scope Postloom does not ask for. */
    analytics: boolean;
    /** A post can be a chain of posts, each replying to the previous one (X threads, Threads replies). */
    replyChain: boolean;
    mentionSuggestions: boolean;
    altText: boolean;
    /** The platform downloads media from a public address instead of receiving the bytes. */
    mediaFetchedByUrl: 'all' | 'photos' | 'none';
  };
  /** Advice shown under the connect entry; null when there is none. */
  reconnectAdvice: string | null;
  /**
   * The platform's own cap on new posts per account (platform-apis.md): a post over it waits for
   * the window to free a slot instead of failing. Null when Postloom knows of none.
   */
  postingCap: { count: number; windowMs: number } | null;
  /**
   * Whether the platform refuses the same text from one account within a day (see
   * posting-rules.ts): 'always', only for 'text-only' posts (no media), or 'never'.
   */
  refusesDuplicateText: 'always' | 'text-only' | 'never';
}
