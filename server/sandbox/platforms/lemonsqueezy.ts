import crypto from 'node:crypto';
import type { SandboxApp, SandboxContext, SandboxContextC, SandboxPlatformModule } from '../sandbox-types.js';
import { registerHostedCheckout } from './lemonsqueezy-checkout.js';
import {
  API_HOST,
  apiError,
  CHECKOUT_HOST,
  checkoutResource,
  document,
  type LsCheckoutRecord,
  type LsWebhookRecord,
  lsState,
  nextNumericId,
  subscriptionResource,
  webhookResource,
} from './lemonsqueezy-state.js';
import { cancel, emit, resume, simulate } from './lemonsqueezy-subscriptions.js';

type Json = Record<string, unknown>;

/**
 * Lemon Squeezy (docs.lemonsqueezy.com/api): checkouts, subscriptions (get, cancel, resume),
 * webhooks (the app registers its URL and signing secret here in demo mode), the hosted checkout
 * page and signed webhook deliveries. Any non-empty API key is accepted; every store and variant
 * id sells the one demo plan.
 */
export const lemonSqueezyModule: SandboxPlatformModule = {
  platform: 'lemonsqueezy',
  hosts: [API_HOST, CHECKOUT_HOST],
  register(app, ctx) {
    const api = `/${API_HOST}/v1`;
    app.use(`${api}/*`, async (c, next) => {
      const key = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization')?.trim() ?? '')?.[1];
      if (!key) return apiError(c, 401, 'Unauthenticated.');
      return next();
    });
    registerCheckoutApi(app, ctx, api);
    registerSubscriptionApi(app, ctx, api);
    registerWebhookApi(app, ctx, api);
    registerHostedCheckout(app, ctx);
    registerControl(app, ctx);
  },
};

function registerCheckoutApi(app: SandboxApp, ctx: SandboxContext, api: string): void {
  app.post(`${api}/checkouts`, async (c) => {
    const body = await ctx.readJson<{ data?: Json }>(c);
    const data = body?.data;
    if (data?.type !== 'checkouts') return apiError(c, 422, 'The type must be checkouts.', '/data/type');
    const storeId = relationshipId(data, 'store');
    const variantId = relationshipId(data, 'variant');
    if (!storeId) return apiError(c, 422, 'The store field is required.', '/data/relationships/store');
    if (!variantId) return apiError(c, 422, 'The variant field is required.', '/data/relationships/variant');
    const attributes = (data.attributes ?? {}) as Json;
    const checkoutData = (attributes.checkout_data ?? {}) as Json;
    const productOptions = (attributes.product_options ?? {}) as Json;
    const email = typeof checkoutData.email === 'string' ? checkoutData.email : '';
    if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) {
      return apiError(
        c,
        422,
        'The email must be a valid email address.',
        '/data/attributes/checkout_data/email',
      );
    }
    const redirectUrl = typeof productOptions.redirect_url === 'string' ? productOptions.redirect_url : '';
    if (redirectUrl && !isHttpUrl(redirectUrl)) {
      return apiError(
        c,
        422,
        'The redirect url must be a valid URL.',
        '/data/attributes/product_options/redirect_url',
      );
    }
    const custom = checkoutData.custom;
    const state = lsState(ctx);
    const checkout: LsCheckoutRecord = {
      id: crypto.randomUUID(),
      storeId,
      variantId,
      email,
      name: typeof checkoutData.name === 'string' ? checkoutData.name : '',
      custom: custom && typeof custom === 'object' && !Array.isArray(custom) ? (custom as Json) : {},
      redirectUrl: redirectUrl || null,
      createdAt: ctx.now(),
      expiresAt: typeof attributes.expires_at === 'string' ? Date.parse(attributes.expires_at) || null : null,
      subscriptionId: null,
    };
    state.checkouts.set(checkout.id, checkout);
    const resource = checkoutResource(checkout, state);
    return c.json(document(resource, resource.links.self), 201);
  });

  app.get(`${api}/checkouts/:id`, (c) => {
    const state = lsState(ctx);
    const checkout = state.checkouts.get(c.req.param('id'));
    if (!checkout) return apiError(c, 404, 'Not found.');
    const resource = checkoutResource(checkout, state);
    return c.json(document(resource, resource.links.self));
  });
}

function registerSubscriptionApi(app: SandboxApp, ctx: SandboxContext, api: string): void {
  const find = (c: SandboxContextC) => lsState(ctx).subscriptions.get(c.req.param('id') ?? '');
  const answer = (c: SandboxContextC, sub: NonNullable<ReturnType<typeof find>>) => {
    const resource = subscriptionResource(ctx, sub);
    return c.json(document(resource, resource.links.self));
  };

  app.get(`${api}/subscriptions/:id`, (c) => {
    const sub = find(c);
    return sub ? answer(c, sub) : apiError(c, 404, 'Not found.');
  });

  // Cancelling is DELETE; the webhooks follow the answer, as they do at Lemon Squeezy.
  app.delete(`${api}/subscriptions/:id`, (c) => {
    const sub = find(c);
    if (!sub) return apiError(c, 404, 'Not found.');
    if (sub.status === 'expired') return apiError(c, 422, 'The subscription has already expired.');
    void emit(ctx, sub, cancel(ctx, sub));
    return answer(c, sub);
  });

  app.patch(`${api}/subscriptions/:id`, async (c) => {
    const sub = find(c);
    if (!sub) return apiError(c, 404, 'Not found.');
    const body = await ctx.readJson<{ data?: Json }>(c);
    const attributes = (body?.data?.attributes ?? {}) as Json;
    if (typeof attributes.cancelled !== 'boolean') {
      return apiError(c, 422, 'Only the cancelled attribute can be changed here.', '/data/attributes');
    }
    if (attributes.cancelled) {
      if (sub.status === 'expired') return apiError(c, 422, 'The subscription has already expired.');
      void emit(ctx, sub, cancel(ctx, sub));
      return answer(c, sub);
    }
    if (sub.status !== 'cancelled' || (sub.endsAt !== null && sub.endsAt <= ctx.now())) {
      return apiError(c, 422, 'Only a cancelled subscription in its grace period can be resumed.');
    }
    void emit(ctx, sub, resume(ctx, sub));
    return answer(c, sub);
  });
}

function registerWebhookApi(app: SandboxApp, ctx: SandboxContext, api: string): void {
  app.get(`${api}/webhooks`, (c) => {
    const storeId = c.req.query('filter[store_id]');
    const hooks = [...lsState(ctx).webhooks.values()].filter((hook) => !storeId || hook.storeId === storeId);
    return c.json({ ...document(hooks.map(webhookResource)), meta: { page: { total: hooks.length } } });
  });

  app.post(`${api}/webhooks`, async (c) => {
    const body = await ctx.readJson<{ data?: Json }>(c);
    const data = body?.data;
    if (data?.type !== 'webhooks') return apiError(c, 422, 'The type must be webhooks.', '/data/type');
    const storeId = relationshipId(data, 'store');
    if (!storeId) return apiError(c, 422, 'The store field is required.', '/data/relationships/store');
    const fields = webhookFields(c, (data.attributes ?? {}) as Json, true);
    if (fields instanceof Response) return fields;
    const state = lsState(ctx);
    const now = ctx.now();
    const hook: LsWebhookRecord = {
      id: nextNumericId(state),
      storeId,
      url: fields.url as string,
      events: fields.events as string[],
      secret: fields.secret as string,
      testMode: true,
      createdAt: now,
      updatedAt: now,
      lastSentAt: null,
    };
    state.webhooks.set(hook.id, hook);
    return c.json(document(webhookResource(hook)), 201);
  });

  app.patch(`${api}/webhooks/:id`, async (c) => {
    const hook = lsState(ctx).webhooks.get(c.req.param('id'));
    if (!hook) return apiError(c, 404, 'Not found.');
    const body = await ctx.readJson<{ data?: Json }>(c);
    const fields = webhookFields(c, (body?.data?.attributes ?? {}) as Json, false);
    if (fields instanceof Response) return fields;
    Object.assign(hook, fields, { updatedAt: ctx.now() });
    return c.json(document(webhookResource(hook)));
  });

  app.delete(`${api}/webhooks/:id`, (c) => {
    if (!lsState(ctx).webhooks.delete(c.req.param('id'))) return apiError(c, 404, 'Not found.');
    return c.body(null, 204);
  });
}

/** The secret is never returned by the API (as at Lemon Squeezy); 6 to 40 characters. */
function webhookFields(c: SandboxContextC, attributes: Json, required: boolean) {
  const fields: Partial<Pick<LsWebhookRecord, 'url' | 'events' | 'secret'>> = {};
  if (attributes.url !== undefined || required) {
    if (typeof attributes.url !== 'string' || !isHttpUrl(attributes.url)) {
      return apiError(c, 422, 'The url must be a valid URL.', '/data/attributes/url');
    }
    fields.url = attributes.url;
  }
  if (attributes.events !== undefined || required) {
    const events = attributes.events;
    if (!Array.isArray(events) || events.length === 0 || !events.every((e) => typeof e === 'string')) {
      return apiError(c, 422, 'The events field is required.', '/data/attributes/events');
    }
    fields.events = events as string[];
  }
  if (attributes.secret !== undefined || required) {
    const secret = attributes.secret;
    if (typeof secret !== 'string' || secret.length < 6 || secret.length > 40) {
      return apiError(c, 422, 'The secret must be between 6 and 40 characters.', '/data/attributes/secret');
    }
    fields.secret = secret;
  }
  return fields;
}

/** Control API (behind the sandbox's control secret): deliveries, subscriptions, simulated events. */
function registerControl(app: SandboxApp, ctx: SandboxContext): void {
  app.get('/_control/lemonsqueezy/deliveries', (c) => c.json({ deliveries: lsState(ctx).deliveries }));
  app.get('/_control/lemonsqueezy/subscriptions', (c) =>
    c.json({
      subscriptions: [...lsState(ctx).subscriptions.values()].map((sub) => subscriptionResource(ctx, sub)),
    }),
  );
  app.post('/_control/lemonsqueezy/simulate', async (c) => {
    const body = (await ctx.readJson<Json>(c)) ?? {};
    const sub = lsState(ctx).subscriptions.get(String(body.subscriptionId ?? ''));
    if (!sub) return c.json({ error: 'Unknown subscriptionId' }, 404);
    if (!(await simulate(ctx, sub, String(body.event ?? '')))) {
      return c.json({ error: 'event must be a subscription event the sandbox can simulate' }, 400);
    }
    return c.json({ subscription: subscriptionResource(ctx, sub) });
  });
}

function relationshipId(data: Json, name: string): string | null {
  const relation = ((data.relationships ?? {}) as Json)[name] as { data?: { id?: unknown } } | undefined;
  const id = relation?.data?.id;
  return (typeof id === 'string' || typeof id === 'number') && /^\d+$/.test(String(id)) ? String(id) : null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
