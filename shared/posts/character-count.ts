import twitterText from 'twitter-text';
import type { PlatformId } from '../platforms/ids';
import { getPlatform } from '../platforms/registry';

/**
 * Text length the way each platform counts it:
 * - X: twitter-text's weighted length (most CJK and emoji weigh 2, every link counts as 23).
 * - Threads: every emoji counts as its UTF-8 byte length, every other character (code point) as 1
 *   (platform-apis.md section 6.2). An "emoji" is one grapheme cluster that is shown as emoji: it
 *   contains a code point with Emoji_Presentation (😀, 👍🏽 skin tones, 🇫🇷 flags), a variation
 *   selector-16 (❤️) or a keycap mark (1️⃣). The whole cluster counts, so 😀 is 4, ❤️ is 6 (3 + 3),
 *   👍🏽 is 8 and a ZWJ family sequence counts all its parts. Text-style symbols such as © stay 1.
 * - The others: Unicode code points (an emoji is 1, not the 2 UTF-16 units of String.length).
 */

const EMOJI_GRAPHEME = /\p{Emoji_Presentation}|\uFE0F|\u20E3/u;
const utf8 = new TextEncoder();

function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

let segmenter: Intl.Segmenter | null | undefined;

function graphemesOf(text: string): string[] {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl !== 'undefined' && 'Segmenter' in Intl
        ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
        : null;
  }
  // Without Intl.Segmenter (very old browsers) fall back to code points: emoji sequences then count per part.
  if (!segmenter) return Array.from(text);
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

function countThreadsLength(text: string): number {
  let count = 0;
  for (const grapheme of graphemesOf(text)) {
    count += EMOJI_GRAPHEME.test(grapheme) ? utf8.encode(grapheme).length : countCodePoints(grapheme);
  }
  return count;
}

export function countCharacters(platform: PlatformId, text: string): number {
  if (!text) return 0;
  switch (getPlatform(platform).limits.counting) {
    case 'twitter-weighted':
      return twitterText.parseTweet(text).weightedLength;
    case 'threads-emoji-bytes':
      return countThreadsLength(text);
    default:
      return countCodePoints(text);
  }
}

function characterLimit(platform: PlatformId): number {
  return getPlatform(platform).limits.text;
}

/** Negative when the text is over the limit (the counter then turns red). */
export function remainingCharacters(platform: PlatformId, text: string): number {
  return characterLimit(platform) - countCharacters(platform, text);
}

export function fitsLimit(platform: PlatformId, text: string): boolean {
  return remainingCharacters(platform, text) >= 0;
}

/**
 * Whether `insert` (an emoji from the picker) may be added: only when the result still fits
 * (spec 02 section 5, X and LinkedIn). `at` is the caret position in UTF-16 units; default the end.
 */
export function canInsert(
  platform: PlatformId,
  text: string,
  insert: string,
  at: number = text.length,
): boolean {
  const position = Math.max(0, Math.min(at, text.length));
  return fitsLimit(platform, text.slice(0, position) + insert + text.slice(position));
}
