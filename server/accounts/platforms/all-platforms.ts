import type { PlatformId } from '../../../shared/platforms/ids.js';
import { facebookOAuth } from './facebook.js';
import { instagramOAuth } from './instagram.js';
import { linkedinOAuth } from './linkedin.js';
import type { PlatformOAuth } from './platform-oauth.js';
import { threadsOAuth } from './threads.js';
import { tiktokOAuth } from './tiktok.js';
import { twitterOAuth } from './twitter.js';

export const PLATFORM_OAUTH: Record<PlatformId, PlatformOAuth> = {
  twitter: twitterOAuth,
  facebook: facebookOAuth,
  instagram: instagramOAuth,
  linkedin: linkedinOAuth,
  tiktok: tiktokOAuth,
  threads: threadsOAuth,
};
