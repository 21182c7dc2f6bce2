import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Cipher } from '../core/crypto.js';
import type { WebhookEndpointRow } from '../db/tables/webhooks.js';

/** How long the secret before a rotation keeps signing, so receivers can switch without a gap. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 3_600_000;

/** A new secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

/** The secrets that sign now: the current one, and the previous one until it expires. */
export function signingSecrets(
  cipher: Cipher,
  endpoint: Pick<WebhookEndpointRow, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  now: number,
): string[] {
  const secrets = [cipher.decrypt(endpoint.secret)];
  if (endpoint.previousSecret && (endpoint.previousSecretExpiresAt ?? 0) > now) {
    secrets.push(cipher.decrypt(endpoint.previousSecret));
  }
  return secrets;
}

/**
 * The three Standard Webhooks headers, signed by the standardwebhooks library with each secret
 * (several signatures are separated by a space, as the specification allows for rotation).
 */
export function signedHeaders(
  secrets: readonly string[],
  message: { id: string; body: string; at: Date },
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(message.id, message.at, message.body));
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
