import type { Config } from '../config.js';
import { type AddressPolicy, refuseNonPublic } from '../core/pinned-request.js';
import { sandboxBaseUrl } from '../platforms/platform-endpoints.js';

/**
 * The address guard for feeds and their images: every non-public address is refused, except the
 * platform sandbox this server itself talks to (demo mode, or SANDBOX_URL), whose example feed is
 * how the feature is tried offline. Only that one origin (scheme, host and port) is let through;
 * a redirect from it to anywhere else is checked as usual.
 */
export function feedAddressPolicy(config: Config): AddressPolicy {
  if (!config.DEMO_MODE && !config.SANDBOX_URL) return refuseNonPublic;
  const sandbox = new URL(sandboxBaseUrl(config)).origin;
  return (address, url) => url.origin !== sandbox && refuseNonPublic(address, url);
}
