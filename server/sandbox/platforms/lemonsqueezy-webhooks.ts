import crypto from 'node:crypto';
import type { SandboxContext } from '../sandbox-types.js';
import { type LsDelivery, type LsSandboxState, type LsWebhookRecord, lsState } from './lemonsqueezy-state.js';

/** Lemon Squeezy retries a failed delivery three more times with exponential backoff. */
const RETRY_DELAYS_MS = [5_000, 25_000, 125_000];
const ATTEMPT_TIMEOUT_MS = 10_000;
const KEPT_DELIVERIES = 500;

interface WebhookEvent {
  storeId: string;
  event: string;
  /** The resource as it is at the moment of the event (retries send the same bytes). */
  data: unknown;
  custom?: Record<string, unknown>;
}

/**
 * Sends an event to every webhook of the store that subscribed to it, as Lemon Squeezy does:
 * `POST` JSON with `X-Event-Name` and `X-Signature` (HMAC-SHA256 hex of the body with the
 * webhook's secret). Resolves after the first attempt; failed ones are retried in the background.
 */
export async function sendWebhookEvent(ctx: SandboxContext, event: WebhookEvent): Promise<void> {
  const state = lsState(ctx);
  const hooks = [...state.webhooks.values()].filter(
    (hook) => hook.storeId === event.storeId && hook.events.includes(event.event),
  );
  await Promise.all(hooks.map((hook) => deliver(ctx, state, hook, event)));
}

async function deliver(
  ctx: SandboxContext,
  state: LsSandboxState,
  hook: LsWebhookRecord,
  event: WebhookEvent,
): Promise<void> {
  const custom = event.custom && Object.keys(event.custom).length > 0 ? event.custom : undefined;
  const body = JSON.stringify({
    meta: {
      test_mode: true,
      event_name: event.event,
      ...(custom ? { custom_data: custom } : {}),
      webhook_id: hook.id,
    },
    data: event.data,
  });
  const delivery: LsDelivery = {
    id: crypto.randomUUID(),
    webhookId: hook.id,
    event: event.event,
    url: hook.url,
    status: 0,
    attempts: 0,
    delivered: false,
    at: new Date(ctx.now()).toISOString(),
  };
  state.deliveries.push(delivery);
  if (state.deliveries.length > KEPT_DELIVERIES) state.deliveries.shift();
  await attempt(ctx, hook, delivery, body, 0);
}

async function attempt(
  ctx: SandboxContext,
  hook: LsWebhookRecord,
  delivery: LsDelivery,
  body: string,
  retry: number,
): Promise<void> {
  delivery.attempts += 1;
  const signature = crypto.createHmac('sha256', hook.secret).update(body).digest('hex');
  try {
    const response = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-event-name': delivery.event,
        'x-signature': signature,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    delivery.status = response.status;
    await response.body?.cancel();
  } catch {
    delivery.status = 0;
  }
  hook.lastSentAt = ctx.now();
  delivery.delivered = delivery.status >= 200 && delivery.status < 300;
  const delay = RETRY_DELAYS_MS[retry];
  if (!delivery.delivered && delay !== undefined) {
    setTimeout(() => void attempt(ctx, hook, delivery, body, retry + 1), delay).unref();
  }
}
