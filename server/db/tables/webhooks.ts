/** Tables of webhook endpoints and their durable deliveries (webhooks); the Database interface in ../schema.ts lists every table. */

export interface WebhookEndpointsTable {
  id: string;
  userId: string;
  url: string;
  description: string;
  /** JSON array of event types. */
  events: string;
  /** Sealed with the app's cipher (core/crypto.ts). */
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: number | null;
  enabled: number;
  disabledReason: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  endpointId: string;
  userId: string;
  eventId: string;
  eventType: string;
  /** The JSON body sent, exactly as signed. */
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attemptCount: number;
  /** Due time while pending; also the claim (a worker moves it past its lease while sending). */
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  deliveredAt: number | null;
}

export type WebhookEndpointRow = WebhookEndpointsTable;
export type WebhookDeliveryRow = WebhookDeliveriesTable;
