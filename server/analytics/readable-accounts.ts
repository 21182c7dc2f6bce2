import { ANALYTICS_MESSAGES } from '../../shared/analytics/api.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';

/**
 * LinkedIn serves a member's post numbers (`GET /rest/socialActions/{urn}`) only to tokens with
 * the restricted r_member_social permission, which LinkedIn grants to approved apps alone
 * (learn.microsoft.com, "Network Update Social Actions", Permissions; platform-apis.md 4).
 * Postloom asks for it only with LINKEDIN_MEMBER_ANALYTICS=on.
 */
const LINKEDIN_ANALYTICS_SCOPE = 'r_member_social';

/** Whether the collector can read this account's numbers with the permissions it was granted. */
export function canReadAnalytics(account: { platform: string; scopes: string | null }): boolean {
  if (account.platform !== 'linkedin') return true;
  return (account.scopes ?? '').split(/[\s,]+/).includes(LINKEDIN_ANALYTICS_SCOPE);
}

/**
 * Platforms whose numbers this user cannot see, with a reason where it is not the spec's
 * "upstream API changes" (TikTok): LinkedIn accounts connected without the permission.
 */
export async function listUnavailablePlatforms(
  deps: { db: Db; config: Config },
  userId: string,
): Promise<{
  unavailable: PlatformId[];
  unavailableReasons: Array<{ platform: PlatformId; message: string }>;
}> {
  const linkedin = await deps.db
    .selectFrom('socialAccounts')
    .select(['platform', 'scopes'])
    .where('userId', '=', userId)
    .where('platform', '=', 'linkedin')
    .execute();
  if (linkedin.every(canReadAnalytics)) return { unavailable: ['tiktok'], unavailableReasons: [] };
  const message = deps.config.LINKEDIN_MEMBER_ANALYTICS
    ? ANALYTICS_MESSAGES.linkedinReconnect
    : ANALYTICS_MESSAGES.linkedinNotAsked;
  return { unavailable: ['tiktok', 'linkedin'], unavailableReasons: [{ platform: 'linkedin', message }] };
}
