import {
  CONNECT_MESSAGES,
  type ConnectCallbackResult,
  cleanAuthorizationCode,
} from '../../shared/accounts/account.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { getPlatform } from '../../shared/platforms/registry.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { platformMode } from '../platforms/platform-endpoints.js';
import { upsertAccount } from './account-state.js';
import { listAccountRows, toAccountDto } from './accounts.repository.js';
import { createFacebookSelection } from './choose-facebook-pages.js';
import { oauthContext, type SessionRef } from './oauth-context.js';
import { consumeOauthState, createOauthState } from './oauth-state.js';
import { PLATFORM_OAUTH } from './platforms/all-platforms.js';
import { PlatformAuthError, type PlatformOAuth } from './platforms/platform-oauth.js';

function availablePlatform(deps: Pick<AppDeps, 'config'>, platform: PlatformId): PlatformOAuth {
  if (platformMode(deps.config, platform) === 'unavailable') {
    throw new AppError(
      'not_configured',
      `${getPlatform(platform).displayName} is not available on this server`,
    );
  }
  return PLATFORM_OAUTH[platform];
}

/** GET /api/accounts/:platform/connect: the platform's authorize address with a fresh state. */
export async function startConnect(
  deps: Pick<AppDeps, 'config' | 'db' | 'cipher'>,
  session: SessionRef,
  platform: PlatformId,
): Promise<{ url: string }> {
  const oauthPlatform = availablePlatform(deps, platform);
  const { state, codeChallenge } = await createOauthState(deps, {
    platform: oauthPlatform,
    userId: session.userId,
    sessionToken: session.sessionToken,
  });
  return { url: oauthPlatform.authorizeUrl(oauthContext(deps, platform), { state, codeChallenge }) };
}

/** The feedback message when the platform refuses or fails (spec 01 section 8). */
function failureMessage(platform: PlatformId, error: unknown): string {
  const detail = error instanceof PlatformAuthError ? error.message : 'unexpected error';
  if (platform === 'twitter') return CONNECT_MESSAGES.twitterFailed(detail);
  if (platform === 'facebook' || platform === 'instagram') return CONNECT_MESSAGES.metaFailed;
  return CONNECT_MESSAGES.authenticationFailed;
}

/**
 * POST /api/accounts/:platform/callback: checks the state, exchanges the code, reads the
 * profile(s) and stores the account(s). Facebook with several Pages answers a Page chooser.
 */
export async function completeConnect(
  deps: AppDeps,
  session: SessionRef,
  platform: PlatformId,
  input: { code: string; state: string },
): Promise<ConnectCallbackResult> {
  const oauthPlatform = availablePlatform(deps, platform);
  const { codeVerifier } = await consumeOauthState(deps, {
    platform: oauthPlatform,
    state: input.state,
    userId: session.userId,
    sessionToken: session.sessionToken,
  });
  const ctx = oauthContext(deps, platform);
  const isSandbox = platformMode(deps.config, platform) === 'sandbox';
  const displayName = getPlatform(platform).displayName;

  let profiles: Awaited<ReturnType<PlatformOAuth['fetchProfiles']>>;
  let tokens: Awaited<ReturnType<PlatformOAuth['exchangeCode']>>;
  try {
    tokens = await oauthPlatform.exchangeCode(ctx, {
      code: cleanAuthorizationCode(input.code),
      codeVerifier,
    });
    profiles = await oauthPlatform.fetchProfiles(ctx, tokens);
  } catch (error) {
    deps.logger.warn('account connection failed', {
      platform,
      reason: error instanceof PlatformAuthError ? error.message : String(error),
    });
    throw new AppError('oauth_error', failureMessage(platform, error));
  }

  if (platform === 'facebook') {
    if (profiles.length === 0) {
      throw new AppError(
        'oauth_error',
        'No Facebook Pages were found. Create a Page or grant access to one, then try again.',
      );
    }
    if (profiles.length > 1) {
      const selectionId = await createFacebookSelection(deps, session, tokens);
      return {
        feedback: { type: 'success', message: 'Choose the Facebook Pages to connect' },
        choosePages: {
          selectionId,
          pages: profiles.map((p) => ({ id: p.platformAccountId, name: p.name, pictureUrl: p.avatarUrl })),
        },
      };
    }
  }

  for (const profile of profiles) {
    await upsertAccount(deps.db, deps.cipher, {
      userId: session.userId,
      platform,
      profile,
      tokens: profile.tokens ?? tokens,
      isSandbox,
    });
  }
  deps.events.publish(session.userId, { type: 'accounts.changed' });
  const accounts = (await listAccountRows(deps.db, session.userId)).map(toAccountDto);
  return {
    feedback: { type: 'success', message: `${displayName} account connected successfully!` },
    accounts,
  };
}
