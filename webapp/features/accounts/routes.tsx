import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { CALLBACK_PATHS } from '../../../shared/accounts/callback-paths';
import { PLATFORM_IDS } from '../../../shared/platforms/ids';

const OauthCallbackPage = lazy(() =>
  import('./pages/oauth-callback-page').then((m) => ({ default: m.OauthCallbackPage })),
);

/** The public landing pages the platforms return to (spec 01 section 2, plus Threads); one chunk, loaded when one opens. */
export const accountCallbackRoutes: RouteObject[] = PLATFORM_IDS.map((platform) => ({
  path: CALLBACK_PATHS[platform],
  element: <OauthCallbackPage key={platform} platform={platform} />,
}));
