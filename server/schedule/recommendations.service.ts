import type { PlatformId } from '../../shared/platforms/ids.js';
import {
  type EngagementAt,
  type Recommendation,
  recommend,
  regionOf,
} from '../../shared/schedule/recommendations.js';
import { utcToZonedTime, weekdayOf } from '../../shared/time/zoned-time.js';
import { listEngagementSamples } from '../analytics/post-metrics.repository.js';
import type { AppDeps } from '../http/types.js';
import { getPreferences } from '../settings/preferences.service.js';

export interface AccountRecommendation extends Recommendation {
  accountId: string;
  platform: PlatformId;
  accountName: string;
}

/** Engagement of the account's published posts by weekday and hour in the user's zone. */
async function samplesFor(deps: AppDeps, userId: string, accountId: string, timezone: string) {
  const samples = await listEngagementSamples(deps.db, { userId, socialAccountId: accountId });
  return samples.map((sample): EngagementAt => {
    const wall = utcToZonedTime(sample.postedAt, timezone);
    return { day: weekdayOf(wall.date), hour: wall.hour, engagement: sample.engagement };
  });
}

/** The best posting times for each connected account (spec 02: get_best_posting_times). */
export async function getRecommendations(deps: AppDeps, userId: string): Promise<AccountRecommendation[]> {
  const { timezone } = await getPreferences(deps, userId);
  const region = regionOf(timezone);
  const accounts = await deps.db
    .selectFrom('socialAccounts')
    .select(['id', 'platform', 'accountName'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
  const result: AccountRecommendation[] = [];
  for (const account of accounts) {
    const platform = account.platform as PlatformId;
    const samples = await samplesFor(deps, userId, account.id, timezone);
    result.push({
      accountId: account.id,
      platform,
      accountName: account.accountName,
      ...recommend(platform, region, samples),
    });
  }
  return result;
}
