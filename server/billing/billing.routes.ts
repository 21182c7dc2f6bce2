import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute } from 'hono-openapi';
import { AppError } from '../core/errors.js';
import { createLimiter } from '../http/rate-limit.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { cancelSubscription, resumeSubscription } from './cancel-subscription.js';
import { createCheckout } from './create-checkout.js';
import { getBillingStatus } from './get-billing-status.js';
import { receiveWebhook } from './receive-webhook.js';

const tags = ['billing'];

/** Lemon Squeezy's payloads are a few kilobytes. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/** Each call to Lemon Squeezy costs an API request: 10 a minute per user is plenty for a person. */
function perUserLimit(perMinute: number): MiddlewareHandler<AppEnv> {
  const limit = createLimiter({ name: 'billing', perMinute });
  return async (c, next) => {
    await limit(c, currentUser(c).id);
    return next();
  };
}

/** /api/billing: the subscription status, checkout, cancel/resume and Lemon Squeezy's webhook. */
export function createBillingRoutes() {
  const limit = perUserLimit(10);
  return new Hono<AppEnv>()
    .post(
      '/webhook',
      describeRoute({
        tags,
        summary: 'Lemon Squeezy webhook (X-Signature: HMAC-SHA256 of the raw body); no session',
        security: [],
      }),
      bodyLimit({
        maxSize: WEBHOOK_MAX_BYTES,
        onError: () => {
          throw new AppError('payload_too_large', 'The webhook body is too large.');
        },
      }),
      async (c) => {
        const rawBody = new Uint8Array(await c.req.arrayBuffer());
        const result = await receiveWebhook(c.var.deps, { rawBody, signature: c.req.header('x-signature') });
        return c.json({ received: true, outcome: result.outcome });
      },
    )
    .get(
      '/status',
      describeRoute({ tags, summary: "Whether billing is on, the user's access and subscription details" }),
      requireAuth,
      async (c) => c.json(await getBillingStatus(c.var.deps, currentUser(c))),
    )
    .post(
      '/checkout',
      describeRoute({
        tags,
        summary: 'Create a Lemon Squeezy checkout for the plan; answers { checkoutUrl }',
      }),
      requireAuth,
      limit,
      async (c) => c.json(await createCheckout(c.var.deps, currentUser(c))),
    )
    .post(
      '/cancel',
      describeRoute({ tags, summary: 'Cancel the subscription at the end of the current period' }),
      requireAuth,
      limit,
      async (c) => c.json(await cancelSubscription(c.var.deps, currentUser(c))),
    )
    .post(
      '/resume',
      describeRoute({ tags, summary: 'Resume a subscription that is set to cancel' }),
      requireAuth,
      limit,
      async (c) => c.json(await resumeSubscription(c.var.deps, currentUser(c))),
    );
}
