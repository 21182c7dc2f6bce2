import type { PlatformId } from '../platforms/ids';

/** The landing route each platform returns to (spec 01 section 2; Threads added). */
export const CALLBACK_PATHS: Record<PlatformId, string> = {
  twitter: '/auth/twitter/callback',
  facebook: '/auth/facebook/callback',
  instagram: '/auth/instagram/callback',
  linkedin: '/auth/linkedincallback',
  tiktok: '/auth/tiktok/callback',
  threads: '/auth/threads/callback',
};
