import { isPlatformId } from '../../shared/platforms/ids.js';
import { TIKTOK_PRIVACY_OPTIONS } from '../../shared/posts/constants.js';
import { getValidAccessToken } from '../accounts/account-tokens.js';
import { AppError } from '../core/errors.js';
import { parseJsonObject } from '../db/json-column.js';
import type { AppDeps } from '../http/types.js';
import { createPlatformHttp } from '../platforms/platform-http.js';
import type { CreatorInfo, PublishContext } from './platform-adapter.js';
import { getAdapter } from './platforms/index.js';

async function accountContext(deps: AppDeps, userId: string, accountId: string): Promise<PublishContext> {
  const account = await deps.db
    .selectFrom('socialAccounts')
    .selectAll()
    .where('id', '=', accountId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!account || !isPlatformId(account.platform)) throw new AppError('not_found', 'Account not found');
  const signal = AbortSignal.timeout(10_000);
  const platform = account.platform;
  return {
    config: deps.config,
    logger: deps.logger.child({ accountId, platform }),
    http: createPlatformHttp(deps.config, platform, signal),
    account: {
      id: account.id,
      platform,
      platformAccountId: account.platformAccountId,
      accountName: account.accountName,
      accountHandle: account.accountHandle,
      metadata: parseJsonObject(account.metadata),
    },
    accessToken: () => getValidAccessToken(deps, account.id),
    progress: {},
    saveProgress: async () => undefined,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    signal,
  };
}

/** TikTok's creator info (its privacy options); the spec's defaults when the platform cannot say. */
export async function getCreatorInfo(deps: AppDeps, userId: string, accountId: string): Promise<CreatorInfo> {
  const ctx = await accountContext(deps, userId, accountId);
  const adapter = getAdapter(ctx.account.platform);
  const fallback: CreatorInfo = {
    privacyLevelOptions: TIKTOK_PRIVACY_OPTIONS.map((option) => option.value),
    commentDisabled: false,
    duetDisabled: false,
    stitchDisabled: false,
    maxVideoPostDurationSec: null,
  };
  if (!adapter?.creatorInfo) return fallback;
  try {
    return await adapter.creatorInfo(ctx);
  } catch (error) {
    deps.logger.warn('creator info unavailable', { accountId, error: (error as Error).message });
    return fallback;
  }
}

/** X @mention suggestions: at most 5, and silently none on any failure (spec 02 section 7). */
export async function lookupMentions(deps: AppDeps, userId: string, accountId: string, query: string) {
  const ctx = await accountContext(deps, userId, accountId);
  const adapter = getAdapter(ctx.account.platform);
  const cleaned = query.replace(/^@/, '').trim();
  if (!adapter?.lookupUsers || !cleaned) return [];
  try {
    return (await adapter.lookupUsers(ctx, cleaned)).slice(0, 5);
  } catch {
    return [];
  }
}
