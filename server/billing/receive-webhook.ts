import { BILLING_MESSAGES } from '../../shared/billing/billing.js';
import { AppError } from '../core/errors.js';
import { type Db, withTransaction } from '../db/database.js';
import type { AppDeps } from '../http/types.js';
import { createNotification } from '../notifications/create-notification.js';
import {
  claimWebhookEvent,
  findByProviderId,
  finishWebhookEvent,
  markPastDue,
  saveProviderState,
  userExists,
} from './billing.repository.js';
import { type LemonSqueezySettings, lemonSqueezySettings } from './billing-settings.js';
import { createEngineAccess } from './engine-access.js';
import { WEBHOOK_EVENTS } from './ensure-webhook.js';
import { LsSubscription, LsSubscriptionInvoice, LsWebhookPayload } from './lemonsqueezy-resources.js';
import { toSubscriptionFields } from './subscription-mapping.js';
import { isValidSignature, webhookEventId } from './webhook-signature.js';

type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unknown_user' | 'unreadable';

const HANDLED: readonly string[] = WEBHOOK_EVENTS;

/**
 * `POST /api/billing/webhook`: verify the signature on the raw bytes, then apply each event once.
 * Anything signed is answered 200 (even events we skip) so Lemon Squeezy stops retrying.
 */
export async function receiveWebhook(
  deps: AppDeps,
  input: { rawBody: Uint8Array; signature: string | undefined },
): Promise<{ outcome: WebhookOutcome }> {
  const settings = lemonSqueezySettings(deps.config);
  if (!settings) throw new AppError('not_found', BILLING_MESSAGES.billingOff);
  if (!isValidSignature(input.rawBody, input.signature, settings.webhookSecret)) {
    throw new AppError('not_authenticated', BILLING_MESSAGES.invalidSignature);
  }
  const payload = parsePayload(input.rawBody);
  const eventName = payload.meta.event_name;
  if (!HANDLED.includes(eventName)) return { outcome: 'ignored' };

  const eventId = webhookEventId(eventName, input.rawBody);
  const now = Date.now();
  const result = await withTransaction(deps.db, async (trx) => {
    if (!(await claimWebhookEvent(trx, { id: eventId, eventName, now }))) {
      return { outcome: 'duplicate' as const, userId: null };
    }
    const applied = await applyEvent(trx, payload, settings, now);
    await finishWebhookEvent(trx, { id: eventId, userId: applied.userId, outcome: applied.outcome });
    return applied;
  });
  if (result.outcome === 'unknown_user' || result.outcome === 'unreadable' || result.outcome === 'ignored') {
    // 'ignored': another store, plan or mode; a wrong LEMONSQUEEZY_* id shows up here too.
    deps.logger.warn('Lemon Squeezy webhook not applied', { event: eventName, outcome: result.outcome });
  }
  if (result.outcome === 'applied' && result.userId) {
    // Access may be back: the engine's hold ends, so a later lapse is told again.
    await createEngineAccess(deps)?.load([result.userId]);
  }
  if (eventName === 'subscription_payment_failed' && result.outcome === 'applied' && result.userId) {
    await createNotification(deps, {
      userId: result.userId,
      type: 'system',
      title: 'Payment failed',
      message:
        'We could not renew your Postloom subscription. Please update your payment method to keep access.',
    });
  }
  return { outcome: result.outcome };
}

function parsePayload(rawBody: Uint8Array): LsWebhookPayload {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(rawBody));
  } catch {
    throw new AppError('validation_error', 'The webhook body is not JSON.');
  }
  const parsed = LsWebhookPayload.safeParse(json);
  if (!parsed.success)
    throw new AppError('validation_error', 'The webhook body is not a Lemon Squeezy event.');
  return parsed.data;
}

async function applyEvent(
  db: Db,
  payload: LsWebhookPayload,
  settings: LemonSqueezySettings,
  now: number,
): Promise<{ outcome: WebhookOutcome; userId: string | null }> {
  if (payload.meta.event_name === 'subscription_payment_failed') {
    const invoice = LsSubscriptionInvoice.safeParse(payload.data);
    if (!invoice.success) return { outcome: 'unreadable', userId: null };
    const attributes = invoice.data.attributes;
    const testMode = payload.meta.test_mode === true || attributes.test_mode === true;
    if (!isOurStore(settings, attributes.store_id, testMode)) return { outcome: 'ignored', userId: null };
    const invoiceUpdatedAt = attributes.updated_at ? Date.parse(attributes.updated_at) : Number.NaN;
    // Without its time an invoice cannot be ordered against the stored state: it is not applied.
    if (Number.isNaN(invoiceUpdatedAt)) return { outcome: 'unreadable', userId: null };
    const row = await findByProviderId(db, attributes.subscription_id);
    if (!row) return { outcome: 'unknown_user', userId: null };
    const changed = await markPastDue(db, {
      providerSubscriptionId: attributes.subscription_id,
      invoiceUpdatedAt,
      now,
    });
    return { outcome: changed ? 'applied' : 'stale', userId: row.userId };
  }
  const subscription = LsSubscription.safeParse(payload.data);
  if (!subscription.success) return { outcome: 'unreadable', userId: null };
  const attributes = subscription.data.attributes;
  const testMode = payload.meta.test_mode === true || attributes.test_mode === true;
  if (!isOurStore(settings, attributes.store_id, testMode) || attributes.variant_id !== settings.variantId) {
    return { outcome: 'ignored', userId: null };
  }
  const providerSubscriptionId = subscription.data.id;
  const existing = await findByProviderId(db, providerSubscriptionId);
  // The user id travels as custom data from our own checkout; a known subscription keeps its owner.
  const claimed = payload.meta.custom_data?.user_id;
  let userId = existing?.userId ?? null;
  if (!userId && typeof claimed === 'string' && (await userExists(db, claimed))) userId = claimed;
  if (!userId) return { outcome: 'unknown_user', userId: null };
  const saved = await saveProviderState(db, {
    userId,
    providerSubscriptionId,
    fields: toSubscriptionFields(attributes),
    now,
  });
  return { outcome: saved ? 'applied' : 'stale', userId };
}

/**
 * A validly signed event can come from any product of the store (the signing secret is the
 * store's webhook's): only the configured store, in the configured mode, and (for subscriptions)
 * the configured plan change access. Buying another product, or a test purchase against live
 * credentials, grants nothing.
 */
function isOurStore(settings: LemonSqueezySettings, storeId: string | undefined, testMode: boolean): boolean {
  return storeId === settings.storeId && testMode === settings.testMode;
}
