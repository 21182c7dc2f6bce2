import {
  ANALYTICS_MAX_RANGE_DAYS,
  ANALYTICS_MESSAGES,
  type AnalyticsPlatform,
  type AnalyticsQuery,
  selectAnalyticsPlatforms,
} from '../../shared/analytics/api.js';
import { addDays, zonedTimeToUtc } from '../../shared/time/zoned-time.js';
import { requireOwnAccount } from '../accounts/require-own-account.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { getPreferences } from '../settings/preferences.service.js';

const DAY = 86_400_000;

interface AnalyticsRange {
  platforms: AnalyticsPlatform[];
  /** One account only; null: every account of the platforms. */
  accountId: string | null;
  from: string;
  to: string;
  compareFrom: string;
  compareTo: string;
  timezone: string;
  /** UTC instants of the ranges' first and after-last local midnights. */
  start: number;
  end: number;
  compareStart: number;
  compareEnd: number;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** Validates the query and works out both ranges in the user's time zone. */
export async function resolveRange(
  deps: AppDeps,
  userId: string,
  query: AnalyticsQuery,
): Promise<AnalyticsRange> {
  // An account filter narrows to that account, and so to its platform.
  const account = query.accountId ? await requireOwnAccount(deps.db, userId, query.accountId) : null;
  const requested = account ? [account.platform] : (query.platforms ?? '').split(',').map((p) => p.trim());
  const selection = selectAnalyticsPlatforms(requested);
  if (!selection.ok)
    throw new AppError('validation_error', selection.message, { field: account ? 'accountId' : 'platforms' });
  const check = (from: string, to: string, field: string) => {
    if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
      throw new AppError('validation_error', ANALYTICS_MESSAGES.invalidDate, { field });
    if (from > to) throw new AppError('validation_error', ANALYTICS_MESSAGES.invalidRange, { field });
    if (daysBetween(from, to) >= ANALYTICS_MAX_RANGE_DAYS)
      throw new AppError('validation_error', ANALYTICS_MESSAGES.rangeTooLong, { field });
  };
  check(query.from, query.to, 'from');
  // Without a compare range: the same number of days just before.
  const length = daysBetween(query.from, query.to) + 1;
  const compareFrom = query.compareFrom ?? addDays(query.from, -length);
  const compareTo = query.compareTo ?? addDays(query.from, -1);
  check(compareFrom, compareTo, 'compareFrom');
  const { timezone } = await getPreferences(deps, userId);
  const midnight = (date: string) => zonedTimeToUtc({ date, hour: 0, minute: 0 }, timezone).getTime();
  return {
    platforms: selection.platforms,
    accountId: account?.id ?? null,
    from: query.from,
    to: query.to,
    compareFrom,
    compareTo,
    timezone,
    start: midnight(query.from),
    end: midnight(addDays(query.to, 1)),
    compareStart: midnight(compareFrom),
    compareEnd: midnight(addDays(compareTo, 1)),
  };
}
