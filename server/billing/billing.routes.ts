import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute } from 'hono-openapi';
import { AppError } from '../core/errors.js';
import { errorResponse, errorResponses, jsonResponse, PUBLIC, reply } from '../http/openapi-responses.js';
import { createLimiter } from '../http/rate-limit.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import {
  BillingStatusAnswer,
  CancelAnswerSchema,
  CheckoutAnswerSchema,
  WebhookAnswer,
} from './billing.openapi.js';
import { cancelSubscription, resumeSubscription } from './cancel-subscription.js';
import { createCheckout } from './create-checkout.js';
import { getBillingStatus } from './get-billing-status.js';
import { receiveWebhook } from './receive-webhook.js';

const tags = ['billing'];
/** Calls to Lemon Squeezy: limited per user, refused when billing is off, its failures said. */
const storeCall = {
  ...errorResponses(429),
  ...errorResponse(502, 'platform_error: Lemon Squeezy refused or did not answer'),
  ...errorResponse(503, 'not_configured: billing is off'),
};
const cancelRefusals = {
  ...storeCall,
  ...errorResponse(404, 'not_found: no subscription'),
  ...errorResponse(409, 'conflict: nothing to resume'),
};

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
        security: PUBLIC,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', description: 'The event, as Lemon Squeezy sends it' },
            },
          },
        },
        responses: {
          ...jsonResponse(
            WebhookAnswer,
            'Signed: received, whatever the event (so Lemon Squeezy stops retrying)',
          ),
          ...errorResponse(401, 'not_authenticated: a missing or wrong signature'),
          ...errorResponse(404, 'not_found: billing is off'),
        },
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
        return reply(c, WebhookAnswer, { received: true, outcome: result.outcome });
      },
    )
    .get(
      '/status',
      describeRoute({
        tags,
        summary: "Whether billing is on, the user's access and subscription details",
        responses: jsonResponse(BillingStatusAnswer, 'The status'),
      }),
      requireAuth,
      async (c) => reply(c, BillingStatusAnswer, await getBillingStatus(c.var.deps, currentUser(c))),
    )
    .post(
      '/checkout',
      describeRoute({
        tags,
        summary: 'Create a Lemon Squeezy checkout for the plan; answers { checkoutUrl }',
        responses: {
          ...jsonResponse(CheckoutAnswerSchema, '{ checkoutUrl }'),
          ...storeCall,
          ...errorResponse(409, 'conflict: already subscribed'),
        },
      }),
      requireAuth,
      limit,
      async (c) => reply(c, CheckoutAnswerSchema, await createCheckout(c.var.deps, currentUser(c))),
    )
    .post(
      '/cancel',
      describeRoute({
        tags,
        summary: 'Cancel the subscription at the end of the current period',
        responses: { ...jsonResponse(CancelAnswerSchema, '{ subscription, endsAt }'), ...cancelRefusals },
      }),
      requireAuth,
      limit,
      async (c) => reply(c, CancelAnswerSchema, await cancelSubscription(c.var.deps, currentUser(c))),
    )
    .post(
      '/resume',
      describeRoute({
        tags,
        summary: 'Resume a subscription that is set to cancel',
        responses: { ...jsonResponse(CancelAnswerSchema, '{ subscription, endsAt }'), ...cancelRefusals },
      }),
      requireAuth,
      limit,
      async (c) => reply(c, CancelAnswerSchema, await resumeSubscription(c.var.deps, currentUser(c))),
    );
}
