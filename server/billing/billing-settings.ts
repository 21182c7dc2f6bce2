import crypto from 'node:crypto';
import { LEMONSQUEEZY_DEMO, toSandboxUrl } from '../../shared/platforms/sandbox-contract.js';
import type { Config } from '../config.js';
import { loadEncryptionKey } from '../core/crypto.js';
import { sandboxBaseUrl } from '../platforms/platform-endpoints.js';

/** off: no gate at all. real: Lemon Squeezy itself. sandbox: the built-in sandbox speaks its API. */
type BillingMode = 'off' | 'real' | 'sandbox';

export const LEMONSQUEEZY_API = 'https://api.lemonsqueezy.com';

export interface LemonSqueezySettings {
  mode: 'real' | 'sandbox';
  apiKey: string;
  storeId: string;
  variantId: string;
  webhookSecret: string;
  /** Test-mode store data (the sandbox, or LEMONSQUEEZY_TEST_MODE=on): only test-mode events count. */
  testMode: boolean;
}

/**
 * Like the platforms (platform-endpoints.ts): SANDBOX_URL sends everything to the sandbox;
 * credentials mean the real API; none means the built-in sandbox (demo mode). loadConfig has
 * already refused partial credentials and credential-less billing outside demo mode.
 */
export function billingMode(config: Config): BillingMode {
  if (config.BILLING !== 'lemonsqueezy') return 'off';
  if (config.SANDBOX_URL) return 'sandbox';
  if (hasCredentials(config)) return 'real';
  return config.DEMO_MODE ? 'sandbox' : 'off';
}

export function isBillingOn(config: Config): boolean {
  return billingMode(config) !== 'off';
}

function hasCredentials(config: Config): boolean {
  return Boolean(
    config.LEMONSQUEEZY_API_KEY &&
      config.LEMONSQUEEZY_STORE_ID &&
      config.LEMONSQUEEZY_VARIANT_ID &&
      config.LEMONSQUEEZY_WEBHOOK_SECRET,
  );
}

const demoSecrets = new Map<string, string>();

/**
 * The credentials to use. Without configured ones (demo mode) the webhook secret is derived from
 * this install's encryption key: stable across restarts, never written anywhere, and handed only
 * to the sandbox when the app registers its webhook there (see ensure-webhook.ts).
 */
export function lemonSqueezySettings(config: Config): LemonSqueezySettings | null {
  const mode = billingMode(config);
  if (mode === 'off') return null;
  if (hasCredentials(config)) {
    return {
      mode,
      apiKey: config.LEMONSQUEEZY_API_KEY as string,
      storeId: config.LEMONSQUEEZY_STORE_ID as string,
      variantId: config.LEMONSQUEEZY_VARIANT_ID as string,
      webhookSecret: config.LEMONSQUEEZY_WEBHOOK_SECRET as string,
      testMode: mode === 'sandbox' || config.LEMONSQUEEZY_TEST_MODE,
    };
  }
  return {
    mode,
    // The demo store and plan the sandbox serves when no credentials are configured.
    apiKey: LEMONSQUEEZY_DEMO.apiKey,
    storeId: LEMONSQUEEZY_DEMO.storeId,
    variantId: LEMONSQUEEZY_DEMO.variantId,
    webhookSecret: demoWebhookSecret(config),
    testMode: true,
  };
}

function demoWebhookSecret(config: Config): string {
  const known = demoSecrets.get(config.dataDir);
  if (known) return known;
  const key = loadEncryptionKey(config.ENCRYPTION_KEY, config.dataDir);
  // Lemon Squeezy takes signing secrets of 6 to 40 characters.
  const secret = crypto
    .createHmac('sha256', key)
    .update('postloom:lemonsqueezy-demo-webhook')
    .digest('hex')
    .slice(0, 40);
  demoSecrets.set(config.dataDir, secret);
  return secret;
}

/** Every Lemon Squeezy URL goes through here: `https://<host>/<path>` or its sandbox twin. */
export function lemonSqueezyUrl(config: Config, url: string): string {
  return billingMode(config) === 'sandbox' ? toSandboxUrl(sandboxBaseUrl(config), url) : url;
}

/** Where Lemon Squeezy posts events: the one webhook route. */
export function webhookUrl(config: Config): string {
  return `${config.APP_URL}/api/billing/webhook`;
}
