import { scheduleClusterJob } from '../cluster/job-ticks.js';
import type { AppDeps } from '../http/types.js';
import {
  isRefreshDue,
  LINKEDIN_WARNING_MS,
  markNeedsReconnect,
  REFRESH_MARGIN_MS,
  refreshAccountToken,
  warnLinkedinExpiry,
} from './account-tokens.js';
import { deleteStaleOauthStates } from './oauth-state.js';

/** The job runs every 5 minutes, so it refreshes what expires before its next run too. */
const JOB_INTERVAL_MS = 5 * 60_000;

interface TokenRefreshRun {
  refreshed: number;
  failed: number;
  warned: number;
}

/** One pass: refresh what is due, warn about LinkedIn expiry, expire dead LinkedIn grants. Tests call it directly. */
export async function runTokenRefreshJob(
  deps: Pick<AppDeps, 'db' | 'cipher' | 'config' | 'events' | 'logger'>,
  now = Date.now(),
): Promise<TokenRefreshRun> {
  const result: TokenRefreshRun = { refreshed: 0, failed: 0, warned: 0 };
  const rows = await deps.db
    .selectFrom('socialAccounts')
    .selectAll()
    .where('status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('expiresAt', '<=', now + Math.max(LINKEDIN_WARNING_MS, REFRESH_MARGIN_MS + JOB_INTERVAL_MS)),
        eb('platform', 'in', ['instagram', 'threads']),
      ]),
    )
    .execute();
  for (const row of rows) {
    if (await warnLinkedinExpiry(deps, row, now)) result.warned += 1;
    if (row.platform === 'linkedin' && !row.refreshToken) {
      if (row.expiresAt !== null && row.expiresAt <= now) {
        await markNeedsReconnect(deps, row, 'The LinkedIn access token expired.');
        result.failed += 1;
      }
      continue;
    }
    if (!isRefreshDue(row, now, JOB_INTERVAL_MS)) continue;
    try {
      await refreshAccountToken(deps, row.id);
      result.refreshed += 1;
    } catch {
      // Already recorded on the account (last_error, or needs_reconnect with a notification).
      result.failed += 1;
    }
  }
  await deleteStaleOauthStates(deps, now);
  return result;
}

/** Every 5 minutes, once for the install however many processes run it; returns the stop function. */
export function startTokenRefreshJob(
  deps: Pick<AppDeps, 'db' | 'cipher' | 'config' | 'events' | 'logger' | 'cluster'>,
) {
  const tickDeps = { db: deps.db, logger: deps.logger, workerId: deps.cluster.workerId };
  return scheduleClusterJob(
    tickDeps,
    { name: 'token-refresh', pattern: '*/5 * * * *', leaseMs: deps.config.JOB_LEASE_MS },
    async () => {
      const run = await runTokenRefreshJob(deps);
      if (run.refreshed || run.failed || run.warned) deps.logger.info('token refresh job', { ...run });
    },
  );
}
