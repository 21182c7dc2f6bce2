import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { z } from 'zod';
import {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryListSchema,
  WebhookDeliveryResultSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '../../shared/webhooks/api.js';
import { ApiError as ApiErrorSchema } from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { listWebhookDeliveries, resendWebhookDelivery, sendTestWebhook } from './webhook-deliveries.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './webhook-endpoints.js';

const tags = ['webhooks'];
const security: Record<string, string[]>[] = [{ cookie: [] }, { bearer: [] }];
const json = (schema: z.ZodType) => ({ 'application/json': { schema: resolver(schema) } });
const Id = z.string().min(1).max(100);
const EndpointParam = z.object({ id: Id.describe("The endpoint's id") });
const DeliveryParam = z.object({ id: Id.describe("The endpoint's id"), deliveryId: Id });

const errors = {
  400: { description: 'validation_error (field says which)', content: json(ApiErrorSchema) },
  401: { description: 'not_authenticated', content: json(ApiErrorSchema) },
  404: {
    description: "not_found: not one of the user's endpoints or deliveries",
    content: json(ApiErrorSchema),
  },
};
const ok = (status: 200 | 201, description: string, schema: z.ZodType) => ({
  [status]: { description, content: json(schema) },
  ...errors,
});

/**
 * `/api/webhooks`: the user's webhook endpoints (Settings > Webhooks; `webhooks:write` for API
 * tokens), their deliveries, "Resend" and "Send test event". Deliveries go out from the outbox
 * (webhook-worker.ts) within a second or so.
 */
export function createWebhooksRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/',
      describeRoute({
        tags,
        security,
        summary: "List the user's webhook endpoints",
        responses: ok(200, '{ endpoints }', WebhookEndpointListSchema),
      }),
      async (c) => c.json({ endpoints: await listWebhookEndpoints(c.var.deps, currentUser(c).id) }),
    )
    .post(
      '/',
      describeRoute({
        tags,
        security,
        summary: 'Add an endpoint; the answer is the only one to show its signing secret',
        responses: {
          ...ok(201, '{ endpoint, secret }', WebhookEndpointWithSecretSchema),
          409: { description: 'conflict: 20 endpoints already', content: json(ApiErrorSchema) },
        },
      }),
      validate('json', CreateWebhookEndpointInput),
      async (c) =>
        c.json(await createWebhookEndpoint(c.var.deps, currentUser(c).id, c.req.valid('json')), 201),
    )
    .patch(
      '/:id',
      describeRoute({
        tags,
        security,
        summary: 'Change its address, description or events, or turn it on or off',
        responses: ok(200, '{ endpoint }', z.object({ endpoint: WebhookEndpointSchema })),
      }),
      validate('param', EndpointParam),
      validate('json', UpdateWebhookEndpointInput),
      async (c) => {
        const { id } = c.req.valid('param');
        const endpoint = await updateWebhookEndpoint(c.var.deps, currentUser(c).id, id, c.req.valid('json'));
        return c.json({ endpoint });
      },
    )
    .delete(
      '/:id',
      describeRoute({
        tags,
        security,
        summary: 'Delete an endpoint and its deliveries',
        responses: ok(200, '{ ok: true }', z.object({ ok: z.literal(true) })),
      }),
      validate('param', EndpointParam),
      async (c) => {
        await deleteWebhookEndpoint(c.var.deps, currentUser(c).id, c.req.valid('param').id);
        return c.json({ ok: true as const });
      },
    )
    .post(
      '/:id/rotate-secret',
      describeRoute({
        tags,
        security,
        summary: 'A new signing secret, shown once; the previous one signs beside it for 24 hours',
        responses: ok(200, '{ endpoint, secret }', WebhookEndpointWithSecretSchema),
      }),
      validate('param', EndpointParam),
      async (c) => c.json(await rotateWebhookSecret(c.var.deps, currentUser(c).id, c.req.valid('param').id)),
    )
    .get(
      '/:id/deliveries',
      describeRoute({
        tags,
        security,
        summary: "The endpoint's last 100 deliveries, newest first, with status code and duration",
        responses: ok(200, '{ deliveries }', WebhookDeliveryListSchema),
      }),
      validate('param', EndpointParam),
      async (c) => {
        const { id } = c.req.valid('param');
        return c.json({ deliveries: await listWebhookDeliveries(c.var.deps, currentUser(c).id, id) });
      },
    )
    .post(
      '/:id/deliveries/:deliveryId/resend',
      describeRoute({
        tags,
        security,
        summary: 'Send a delivered or failed event again (same webhook-id and body)',
        responses: ok(201, '{ delivery }: the new delivery', WebhookDeliveryResultSchema),
      }),
      validate('param', DeliveryParam),
      async (c) => {
        const { id, deliveryId } = c.req.valid('param');
        const delivery = await resendWebhookDelivery(c.var.deps, currentUser(c).id, id, deliveryId);
        return c.json({ delivery }, 201);
      },
    )
    .post(
      '/:id/test',
      describeRoute({
        tags,
        security,
        summary: 'Send a webhook.test event to this endpoint',
        responses: ok(201, '{ delivery }', WebhookDeliveryResultSchema),
      }),
      validate('param', EndpointParam),
      async (c) => {
        const delivery = await sendTestWebhook(c.var.deps, currentUser(c).id, c.req.valid('param').id);
        return c.json({ delivery }, 201);
      },
    );
}
