import { CALLBACK_PATHS } from '../../shared/accounts/callback-paths.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { AppDeps } from '../http/types.js';
import type { OAuthContext } from './platforms/platform-oauth.js';

export interface SessionRef {
  userId: string;
  /** The session secret the request came with; only its hash is stored. */
  sessionToken: string;
}

/** The redirect URI is `${APP_URL}<landing page>`, exactly as registered in the developer console. */
export function oauthContext(deps: Pick<AppDeps, 'config'>, platform: PlatformId): OAuthContext {
  return { config: deps.config, redirectUri: `${deps.config.APP_URL}${CALLBACK_PATHS[platform]}` };
}
