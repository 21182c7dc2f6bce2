import type { RouteObject } from 'react-router';
import { CALLBACK_PATHS } from '../../../shared/accounts/account';
import { PLATFORM_IDS } from '../../../shared/platforms/ids';
import { OauthCallbackPage } from './pages/oauth-callback-page';

/** The public landing pages the platforms return to (spec 01 section 2, plus Threads). */
export const accountCallbackRoutes: RouteObject[] = PLATFORM_IDS.map((platform) => ({
  path: CALLBACK_PATHS[platform],
  element: <OauthCallbackPage key={platform} platform={platform} />,
}));
