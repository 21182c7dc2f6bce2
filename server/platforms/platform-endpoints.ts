import type { PlatformId } from '../../shared/platforms/ids.js';
import { demoClientCredentials, toSandboxUrl } from '../../shared/platforms/sandbox-contract.js';
import type { Config } from '../config.js';
import { isLoopbackHostname } from '../core/addresses.js';

/** How this server reaches a platform: its real hosts, the sandbox, or not at all. */
type PlatformMode = 'real' | 'sandbox' | 'unavailable';

export const ENV_PREFIX: Record<PlatformId, string> = {
  twitter: 'X',
  facebook: 'FACEBOOK',
  instagram: 'INSTAGRAM',
  linkedin: 'LINKEDIN',
  tiktok: 'TIKTOK',
  threads: 'THREADS',
};

interface PlatformCredentials {
  clientId: string;
  clientSecret: string;
}

/** `<P>_CLIENT_ID` / `<P>_CLIENT_SECRET` from the configuration, when both are set. */
export function configuredCredentials(config: Config, platform: PlatformId): PlatformCredentials | null {
  const prefix = ENV_PREFIX[platform];
  const record = config as unknown as Record<string, string | undefined>;
  const clientId = record[`${prefix}_CLIENT_ID`];
  const clientSecret = record[`${prefix}_CLIENT_SECRET`];
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/**
 * SANDBOX_URL set: every platform goes to it. Otherwise a platform with credentials uses
 * its real hosts, and one without uses the built-in sandbox (demo mode) unless DEMO_MODE=off.
 */
export function platformMode(config: Config, platform: PlatformId): PlatformMode {
  if (config.SANDBOX_URL) return 'sandbox';
  if (configuredCredentials(config, platform)) return 'real';
  return config.DEMO_MODE ? 'sandbox' : 'unavailable';
}

/**
 * The sandbox's base URL: SANDBOX_URL, or the built-in one started by `npm start` (on this
 * machine, or on APP_URL's host when SANDBOX_HOST opens it to the network for a public demo).
 */
export function sandboxBaseUrl(config: Config): string {
  if (config.SANDBOX_URL) return config.SANDBOX_URL.replace(/\/+$/, '');
  const host = isLoopbackHostname(config.SANDBOX_HOST) ? 'localhost' : new URL(config.APP_URL).hostname;
  return `http://${host}:${config.SANDBOX_PORT}`;
}

/**
 * Credentials to present to the platform. In sandbox mode without configured ones, a fixed
 * demo client (the sandbox accepts any client it has not seen and remembers it).
 */
export function platformCredentials(config: Config, platform: PlatformId): PlatformCredentials | null {
  const configured = configuredCredentials(config, platform);
  if (configured) return configured;
  if (platformMode(config, platform) === 'sandbox') {
    return demoClientCredentials(platform);
  }
  return null;
}

/**
 * The one function every platform URL goes through (authorize pages, token, API, upload
 * hosts, permalinks). In sandbox mode `https://<host>/<path>` becomes `<sandbox>/<host>/<path>`.
 */
export function platformUrl(config: Config, platform: PlatformId, url: string): string {
  if (platformMode(config, platform) !== 'sandbox') return url;
  return toSandboxUrl(sandboxBaseUrl(config), url);
}
