import { z } from 'zod';

/** The events an endpoint can subscribe to (issue 27). */
export const WEBHOOK_EVENT_TYPES = [
  'post.published',
  'post.failed',
  'post.needs_attention',
  'account.disconnected',
  'queue.emptied',
  'analytics.updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "Send test event", to the one endpoint it is asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'post.published': 'A post went out; data is the post with its URL on the platform.',
  'post.failed': 'A post failed for good; data is the post with its error message.',
  'post.needs_attention':
    'Postloom cannot tell whether a post went out (the platform did not answer); check the platform. data is the post.',
  'account.disconnected': 'A social account needs to be reconnected; data is the account.',
  'queue.emptied': 'A one-time queue published its last item; data is the queue.',
  'analytics.updated': "An account's numbers were read; data is its followers and its posts' numbers.",
};

export const WEBHOOK_MESSAGES = {
  url: 'Please enter a valid https:// address.',
  https: 'Webhook addresses must use https://.',
  privateAddress: 'This address points to a private or local network and cannot receive webhooks.',
  unresolved: 'The address could not be resolved.',
  events: 'Choose at least one event.',
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  limit: 'You can have at most 20 webhook endpoints.',
} as const;

const WebhookUrl = z
  .string()
  .trim()
  .min(1, WEBHOOK_MESSAGES.url)
  .max(2000, 'The address is too long (2,000 characters at most).')
  .refine((value) => URL.canParse(value), WEBHOOK_MESSAGES.url)
  .describe('https://, or http:// to a loopback address when the server allows it for development');

const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, WEBHOOK_MESSAGES.events)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

export const CreateWebhookEndpointInput = z.object({
  url: WebhookUrl,
  description: z
    .string()
    .trim()
    .max(200, 'The description is too long (200 characters at most).')
    .default(''),
  events: WebhookEvents,
});
export type CreateWebhookEndpointInput = z.input<typeof CreateWebhookEndpointInput>;

export const UpdateWebhookEndpointInput = z.object({
  url: WebhookUrl.optional(),
  description: z.string().trim().max(200, 'The description is too long (200 characters at most).').optional(),
  events: WebhookEvents.optional(),
  /** Turning a disabled endpoint on again resumes its pending deliveries. */
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointInput = z.input<typeof UpdateWebhookEndpointInput>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it was turned off (after a day of failed deliveries), or null. */
  disabledReason: z.string().nullable(),
  /** Until this time the secret before the last rotation signs too (null: no previous secret). */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpointDto = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = z.object({
  endpoint: WebhookEndpointSchema,
  secret: z.string().describe('whsec_…: shown only in this answer; verify signatures with it'),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** The webhook-id header: the same for every attempt and resend of one event. */
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attemptCount: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliverySchema>;

export const WebhookEndpointListSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) });
export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export const WebhookDeliveryResultSchema = z.object({ delivery: WebhookDeliverySchema });

/** The body of every delivery (Standard Webhooks' recommended shape). */
export const WebhookPayloadSchema = z.object({
  type: z.string(),
  timestamp: z.string().describe('When the change happened (ISO 8601)'),
  data: z.record(z.string(), z.unknown()).describe('The object as the API returns it'),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;
