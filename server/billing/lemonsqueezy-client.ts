import { z } from 'zod';
import type { Config } from '../config.js';
import { LEMONSQUEEZY_API, type LemonSqueezySettings, lemonSqueezyUrl } from './billing-settings.js';
import {
  LsCheckout,
  type LsSubscription,
  LsSubscriptionDocument,
  LsWebhookList,
} from './lemonsqueezy-resources.js';

const TIMEOUT_MS = 15_000;
const AnyDocument = z.object({ data: z.unknown() });
const JSON_API = 'application/vnd.api+json';

/** A failed call to Lemon Squeezy: its status (0 = unreachable) and its own words, never the key. */
export class LemonSqueezyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'LemonSqueezyError';
  }
}

export interface LemonSqueezyClient {
  createCheckout(input: {
    email: string;
    name?: string;
    userId: string;
    redirectUrl: string;
  }): Promise<{ id: string; url: string }>;
  cancelSubscription(subscriptionId: string): Promise<LsSubscription>;
  resumeSubscription(subscriptionId: string): Promise<LsSubscription>;
  listWebhooks(): Promise<z.infer<typeof LsWebhookList>['data']>;
  saveWebhook(input: { id?: string; url: string; events: string[]; secret: string }): Promise<void>;
}

/** Lemon Squeezy's REST API (JSON:API), reached through lemonSqueezyUrl so the sandbox can stand in. */
export function createLemonSqueezyClient(config: Config, settings: LemonSqueezySettings): LemonSqueezyClient {
  async function call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const url = lemonSqueezyUrl(config, `${LEMONSQUEEZY_API}${path}`);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: JSON_API,
          'content-type': JSON_API,
          authorization: `Bearer ${settings.apiKey}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    } catch {
      throw new LemonSqueezyError(0, 'Lemon Squeezy could not be reached');
    }
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok)
      throw new LemonSqueezyError(response.status, errorDetail(json) ?? `HTTP ${response.status}`);
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new LemonSqueezyError(response.status, 'Lemon Squeezy answered in an unexpected shape');
    return parsed.data;
  }

  const store = { data: { type: 'stores', id: settings.storeId } };
  return {
    async createCheckout({ email, name, userId, redirectUrl }) {
      const answer = await call('POST', '/v1/checkouts', LsCheckout, {
        data: {
          type: 'checkouts',
          attributes: {
            checkout_data: { email, ...(name ? { name } : {}), custom: { user_id: userId } },
            product_options: { redirect_url: redirectUrl, enabled_variants: [Number(settings.variantId)] },
            checkout_options: { embed: false },
            test_mode: settings.testMode ? true : undefined,
          },
          relationships: { store, variant: { data: { type: 'variants', id: settings.variantId } } },
        },
      });
      return { id: answer.data.id, url: answer.data.attributes.url };
    },
    async cancelSubscription(subscriptionId) {
      const answer = await call(
        'DELETE',
        `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`,
        LsSubscriptionDocument,
      );
      return answer.data;
    },
    async resumeSubscription(subscriptionId) {
      const id = encodeURIComponent(subscriptionId);
      const answer = await call('PATCH', `/v1/subscriptions/${id}`, LsSubscriptionDocument, {
        data: { type: 'subscriptions', id: subscriptionId, attributes: { cancelled: false } },
      });
      return answer.data;
    },
    async listWebhooks() {
      const store = encodeURIComponent(settings.storeId);
      return (await call('GET', `/v1/webhooks?filter[store_id]=${store}`, LsWebhookList)).data;
    },
    async saveWebhook({ id, url, events, secret }) {
      const attributes = { url, events, secret };
      if (id) {
        const path = `/v1/webhooks/${encodeURIComponent(id)}`;
        await call('PATCH', path, AnyDocument, { data: { type: 'webhooks', id, attributes } });
        return;
      }
      await call('POST', '/v1/webhooks', AnyDocument, {
        data: { type: 'webhooks', attributes, relationships: { store } },
      });
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** JSON:API errors: `{ errors: [{ detail, title, status }] }`. */
function errorDetail(body: unknown): string | undefined {
  const errors = (body as { errors?: Array<{ detail?: unknown; title?: unknown }> } | null)?.errors;
  const first = Array.isArray(errors) ? errors[0] : undefined;
  if (typeof first?.detail === 'string') return first.detail;
  if (typeof first?.title === 'string') return first.title;
  return undefined;
}
