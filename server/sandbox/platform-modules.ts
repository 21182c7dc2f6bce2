import { facebookModule } from './platforms/facebook.js';
import { googleModule } from './platforms/google.js';
import { instagramModule } from './platforms/instagram.js';
import { lemonSqueezyModule } from './platforms/lemonsqueezy.js';
import { linkedinModule } from './platforms/linkedin.js';
import { threadsModule } from './platforms/threads.js';
import { tiktokModule } from './platforms/tiktok.js';
import { xModule } from './platforms/x.js';
import type { SandboxPlatformModule } from './sandbox-types.js';

/**
 * Every platform emulator the sandbox serves. Adding a platform = one import and one entry here
 * (see docs/sandbox.md).
 */
export const PLATFORM_MODULES: SandboxPlatformModule[] = [
  xModule,
  linkedinModule,
  tiktokModule,
  googleModule,
  facebookModule,
  instagramModule,
  threadsModule,
  lemonSqueezyModule,
];
