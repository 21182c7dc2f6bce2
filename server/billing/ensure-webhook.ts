import type { Config } from '../config.js';
import { type LemonSqueezySettings, webhookUrl } from './billing-settings.js';
import type { LemonSqueezyClient } from './lemonsqueezy-client.js';

/** The events Postloom listens to (tick the same ones when creating the webhook in Lemon Squeezy). */
export const WEBHOOK_EVENTS = [
  'subscription_created',
  'subscription_updated',
  'subscription_cancelled',
  'subscription_resumed',
  'subscription_expired',
  'subscription_paused',
  'subscription_unpaused',
  'subscription_payment_failed',
] as const;

/**
 * Sandbox only: registers (or updates) this app's webhook and signing secret through the
 * sandbox's copy of Lemon Squeezy's webhooks API before each write, so a restarted or reset
 * sandbox still knows where to send events. Against the real Lemon Squeezy the store owner creates
 * the webhook in the dashboard (README), so nothing is changed there.
 */
export async function ensureWebhook(
  config: Config,
  settings: LemonSqueezySettings,
  client: LemonSqueezyClient,
): Promise<void> {
  if (settings.mode !== 'sandbox') return;
  const url = webhookUrl(config);
  const existing = (await client.listWebhooks()).find((hook) => hook.attributes.url === url);
  await client.saveWebhook({
    id: existing?.id,
    url,
    events: [...WEBHOOK_EVENTS],
    secret: settings.webhookSecret,
  });
}
