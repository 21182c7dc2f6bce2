import { isPlatformId, type PlatformId } from './ids.js';
import { getPlatform, PLATFORMS } from './registry.js';

/**
 * What the platforms refuse or hold back, read from the registry: their posting caps (the
 * engine waits for the window) and identical text from one account within a day (the queue
 * passes such an item over, the composer warns; the platform remains the judge).
 */

/** X refuses the same text from an account again within 24 hours (issue 11). */
export const DUPLICATE_TEXT_WINDOW_MS = 24 * 60 * 60_000;

/** Whether identical text from one account within DUPLICATE_TEXT_WINDOW_MS would be refused. */
export function refusesDuplicateText(platform: PlatformId | string, hasMedia: boolean): boolean {
  if (!isPlatformId(platform)) return false;
  const rule = getPlatform(platform).refusesDuplicateText;
  return rule === 'always' || (rule === 'text-only' && !hasMedia);
}

/** The platform's cap on new posts per account, or null when it has none we know of. */
export function postingCap(platform: PlatformId | string): { count: number; windowMs: number } | null {
  return isPlatformId(platform) ? getPlatform(platform).postingCap : null;
}

/** The longest cap window: how far back the engine looks at start-up to count sent posts. */
export const LONGEST_POSTING_CAP_WINDOW_MS = Math.max(
  ...PLATFORMS.map((platform) => platform.postingCap?.windowMs ?? 0),
);

/** The composer's warning (not in the spec) before a post the platform would refuse as a repeat. */
export function duplicateTextWarning(platformName: string, otherAt: string): string {
  return `${platformName} refuses the same text from one account within 24 hours: this account has it at ${otherAt}. Change the text or the time, or this post will fail.`;
}
