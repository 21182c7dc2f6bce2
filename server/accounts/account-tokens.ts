import dayjs from 'dayjs';
import { CONNECT_MESSAGES } from '../../shared/accounts/account.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { getPlatform } from '../../shared/platforms/registry.js';
import { AppError } from '../core/errors.js';
import type { Db } from '../db/database.js';
import type { SocialAccountRow } from '../db/schema.js';
import { LockWaitTimeout, sqlDialect } from '../db/sql-dialect.js';
import type { AppDeps } from '../http/types.js';
import { createNotification } from '../notifications/create-notification.js';
import { PlatformError } from '../platforms/platform-error.js';
import {
  flagNeedsReconnect,
  markExpiryWarned,
  recordRefreshError,
  storeRefreshedTokens,
} from './account-state.js';
import { getAccountRowById, parseMetadata } from './accounts.repository.js';
import { oauthContext } from './oauth-context.js';
import { PLATFORM_OAUTH } from './platforms/all-platforms.js';
import { PlatformAuthError } from './platforms/platform-oauth.js';

/** Refresh when the access token expires within this margin (a publish must not start with a dying token). */
export const REFRESH_MARGIN_MS = 10 * 60_000;
/** Instagram and Threads long-lived tokens can be refreshed once a day old; doing so keeps them far from day 60. */
export const LONG_LIVED_REFRESH_AGE_MS = 24 * 60 * 60_000;
/** LinkedIn gives most apps no refresh token: the user is warned this long before expiry. */
export const LINKEDIN_WARNING_MS = 7 * 24 * 60 * 60_000;

type TokenDeps = Pick<AppDeps, 'db' | 'cipher' | 'config' | 'events' | 'logger'>;

/** The account cannot be used until the user reconnects it (publishing shows 'reauthenticate'). */
export class AccountReconnectError extends AppError {
  readonly accountId: string;
  constructor(accountId: string) {
    super('oauth_error', CONNECT_MESSAGES.reconnectRequired, {
      status: 409,
      details: { action: 'reauthenticate', accountId },
    });
    this.accountId = accountId;
  }
}

// One refresh at a time per account. In this process its callers queue here, so at most one of
// them at a time takes a database connection for the cluster-wide lock (refreshUnlessDone).
const queues = new Map<string, Promise<unknown>>();

async function inTurn<T>(accountId: string, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(accountId) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const tail = run.catch(() => undefined);
  queues.set(accountId, tail);
  try {
    return await run;
  } finally {
    if (queues.get(accountId) === tail) queues.delete(accountId);
  }
}

/** How long a refresh waits for another process's refresh of the same account (one platform call). */
const REFRESH_LOCK_WAIT_MS = 60_000;

/**
 * The account's row, refreshed first when `due(row)` says so, by one caller at a time across
 * every process sharing the database: with rotating refresh tokens (X, TikTok) a second refresh
 * beside the first would be refused and the account wrongly marked for reconnecting. `due` is
 * asked again after each wait, on a row read anew: whoever went before may have refreshed.
 */
async function refreshUnlessDone(
  deps: TokenDeps,
  accountId: string,
  due: (row: SocialAccountRow) => boolean,
): Promise<SocialAccountRow> {
  return inTurn(accountId, async () => {
    const seen = await usableRow(deps.db, accountId);
    if (!due(seen)) return seen;
    try {
      return await sqlDialect(deps.db).whileLocked(
        deps.db,
        `account-token:${accountId}`,
        // The lock's connection runs the refresh's queries too: one connection per refresh.
        async (db) => {
          const current = await usableRow(db, accountId);
          return due(current) ? performRefresh({ ...deps, db }, current) : current;
        },
        { waitMs: REFRESH_LOCK_WAIT_MS },
      );
    } catch (error) {
      if (!(error instanceof LockWaitTimeout)) throw error;
      // Nothing was sent: publishing tries again later, as after a platform's 5xx.
      throw new PlatformError('retryable', 'Another refresh of this account is taking long; trying again.', {
        cause: error,
      });
    }
  });
}

async function usableRow(db: Db, accountId: string): Promise<SocialAccountRow> {
  const row = await getAccountRowById(db, accountId);
  if (!row) throw new AppError('not_found', 'Account not found');
  if (row.status === 'needs_reconnect') throw new AccountReconnectError(accountId);
  return row;
}

/** True when the access token is expired or expires within REFRESH_MARGIN_MS. */
export function isExpiringSoon(row: Pick<SocialAccountRow, 'expiresAt'>, now: number): boolean {
  return row.expiresAt !== null && row.expiresAt - now <= REFRESH_MARGIN_MS;
}

/** What the background job should refresh: expiring tokens, and day-old Instagram/Threads long-lived tokens. */
export function isRefreshDue(
  row: Pick<
    SocialAccountRow,
    'platform' | 'expiresAt' | 'tokenRefreshedAt' | 'createdAt' | 'refreshToken' | 'status'
  >,
  now: number,
  horizonMs = 0,
): boolean {
  if (row.status !== 'active') return false;
  if (row.platform === 'linkedin' && !row.refreshToken) return false;
  if (row.expiresAt !== null && row.expiresAt - now <= REFRESH_MARGIN_MS + horizonMs) return true;
  if (row.platform === 'instagram' || row.platform === 'threads') {
    return now - (row.tokenRefreshedAt ?? row.createdAt) >= LONG_LIVED_REFRESH_AGE_MS;
  }
  return false;
}

/**
 * A usable access token for the account, refreshed first when it is expired or about to be.
 * Twenty concurrent callers with an expired token cause one refresh call.
 */
export async function getValidAccessToken(deps: TokenDeps, accountId: string): Promise<string> {
  const row = await usableRow(deps.db, accountId);
  if (!isExpiringSoon(row, Date.now())) return deps.cipher.decrypt(row.accessToken);
  const fresh = await refreshUnlessDone(deps, accountId, (current) => isExpiringSoon(current, Date.now()));
  return deps.cipher.decrypt(fresh.accessToken);
}

/** Refreshes now (unless another refresh finished while this one waited for the lock). */
export async function refreshAccountToken(deps: TokenDeps, accountId: string): Promise<SocialAccountRow> {
  const before = await getAccountRowById(deps.db, accountId);
  if (!before) throw new AppError('not_found', 'Account not found');
  return refreshUnlessDone(
    deps,
    accountId,
    (current) => current.tokenRefreshedAt === before.tokenRefreshedAt,
  );
}

async function performRefresh(deps: TokenDeps, row: SocialAccountRow): Promise<SocialAccountRow> {
  const platform = row.platform as PlatformId;
  const oauthPlatform = PLATFORM_OAUTH[platform];
  const now = Date.now();
  const refreshToken = row.refreshToken ? deps.cipher.decrypt(row.refreshToken) : null;
  const canRefresh = oauthPlatform.refresh && (platform !== 'linkedin' || refreshToken);
  if (!canRefresh) {
    if (row.expiresAt !== null && row.expiresAt <= now) {
      await markNeedsReconnect(deps, row, 'The access token expired and the platform offers no refresh.');
      throw new AccountReconnectError(row.id);
    }
    return row;
  }
  let tokens: Awaited<ReturnType<NonNullable<typeof oauthPlatform.refresh>>>;
  try {
    tokens = await (oauthPlatform.refresh as NonNullable<typeof oauthPlatform.refresh>)(
      oauthContext(deps, platform),
      { accessToken: deps.cipher.decrypt(row.accessToken), refreshToken },
    );
  } catch (error) {
    const message = error instanceof PlatformAuthError ? error.message : 'Token refresh failed';
    if (error instanceof PlatformAuthError && error.permanent) {
      await markNeedsReconnect(deps, row, message);
      throw new AccountReconnectError(row.id);
    }
    await recordRefreshError(deps.db, { accountId: row.id, message, now });
    deps.logger.warn('token refresh failed, will retry', { accountId: row.id, platform, reason: message });
    throw new AppError(
      'platform_error',
      `Could not refresh the ${getPlatform(platform).displayName} token: ${message}`,
    );
  }
  await storeRefreshedTokens(deps.db, deps.cipher, { accountId: row.id, tokens, now });
  deps.logger.info('token refreshed', { accountId: row.id, platform });
  return (await getAccountRowById(deps.db, row.id)) as SocialAccountRow;
}

/** Marks the account unusable, tells the user once, and refreshes their account lists. */
export async function markNeedsReconnect(
  deps: TokenDeps,
  row: SocialAccountRow,
  reason: string,
): Promise<void> {
  if (!(await flagNeedsReconnect(deps.db, { accountId: row.id, reason, now: Date.now() }))) return;
  const name = getPlatform(row.platform as PlatformId).displayName;
  await createNotification(deps, {
    userId: row.userId,
    type: 'account',
    title: `${name} account needs reconnecting`,
    message: `Your ${name} account ${row.accountName} could not be refreshed. Please reconnect it.`,
    data: { accountId: row.id, action: 'reconnect' },
  });
  deps.events.publish(row.userId, { type: 'accounts.changed' });
}

/** LinkedIn without a refresh token: one warning 7 days before the token expires. */
export async function warnLinkedinExpiry(
  deps: TokenDeps,
  row: SocialAccountRow,
  now: number,
): Promise<boolean> {
  if (row.platform !== 'linkedin' || row.refreshToken || row.expiresAt === null) return false;
  if (row.status !== 'active' || row.expiresAt - now > LINKEDIN_WARNING_MS) return false;
  const metadata = parseMetadata(row);
  if (metadata.expiryWarnedAt) return false;
  await markExpiryWarned(deps.db, { accountId: row.id, metadata, now });
  await createNotification(deps, {
    userId: row.userId,
    type: 'account',
    title: 'LinkedIn account expires soon',
    message: CONNECT_MESSAGES.linkedinExpiry(dayjs(row.expiresAt).format('MMMM D, YYYY')),
    data: { accountId: row.id, action: 'reconnect' },
  });
  return true;
}
