import type { PlatformId } from '../../../shared/platforms/ids.js';
import type { PlatformAdapter } from '../platform-adapter.js';
import { facebookAdapter } from './facebook.js';
import { instagramAdapter } from './instagram.js';
import { linkedinAdapter } from './linkedin.js';
import { threadsAdapter } from './threads.js';
import { tiktokAdapter } from './tiktok.js';
import { twitterAdapter } from './twitter.js';

/** The adapters by platform; each lives in its own file beside this one. */
const adapters: Partial<Record<PlatformId, PlatformAdapter>> = {
  twitter: twitterAdapter,
  facebook: facebookAdapter,
  instagram: instagramAdapter,
  linkedin: linkedinAdapter,
  tiktok: tiktokAdapter,
  threads: threadsAdapter,
};

export function getAdapter(platform: PlatformId): PlatformAdapter | undefined {
  return adapters[platform];
}
