import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  WebhookPayloadSchema,
} from './api.js';
import { DELIVERY_TIMEOUT_MS, describeRetrySchedule } from './retry-schedule.js';

const SIGNING =
  'Signed following Standard Webhooks: the `webhook-id` (the same for every retry and resend of one event), ' +
  '`webhook-timestamp` and `webhook-signature` headers; verify with any Standard Webhooks library and the ' +
  `endpoint's secret. Answer 2xx within ${DELIVERY_TIMEOUT_MS / 1000} s; anything else is retried after ${describeRetrySchedule()}.`;

/**
 * The OpenAPI 3.1 `webhooks` of the document: one entry per event, each the POST Postloom sends
 * to an endpoint, with the payload's schema (the shared one, its type fixed per event).
 */
export function webhookDocumentation(): Record<string, OpenAPIV3_1.PathItemObject> {
  const events: Record<string, string> = {
    ...WEBHOOK_EVENT_DESCRIPTIONS,
    [WEBHOOK_TEST_EVENT]: 'Sent by "Send test event" to one endpoint; data says which.',
  };
  return Object.fromEntries(
    [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => {
      const schema = z.toJSONSchema(WebhookPayloadSchema.extend({ type: z.literal(type) }), {
        target: 'draft-2020-12',
      });
      // Cast: openapi-types mixes its 3.0 schema type into 3.1's; the JSON Schema here is 3.1's.
      const item = {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: events[type],
          description: SIGNING,
          // Postloom calls the receiver: no credentials of the API; the signature authenticates it.
          security: [],
          // openapi-types' 3.1 media type still names its 3.0 schema type: the JSON Schema is 3.1's.
          requestBody: {
            required: true,
            content: { 'application/json': { schema } },
          } as unknown as OpenAPIV3_1.RequestBodyObject,
          responses: { '200': { description: 'Any 2xx: received' } },
        },
      } as unknown as OpenAPIV3_1.PathItemObject;
      return [type, item];
    }),
  );
}
