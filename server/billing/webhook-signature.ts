import crypto from 'node:crypto';

/**
 * Lemon Squeezy signs the raw body with HMAC-SHA256 and the webhook's secret and sends the hex
 * digest in X-Signature (docs.lemonsqueezy.com/help/webhooks/signing-requests). Compared in
 * constant time on the bytes as received: re-serialised JSON would not match.
 */
export function isValidSignature(
  rawBody: Uint8Array,
  signature: string | undefined,
  secret: string,
): boolean {
  const given = signature?.trim() ?? '';
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = crypto.createHmac('sha256', secret).update(rawBody).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** What Lemon Squeezy would send in X-Signature for this body (tests and tools). */
export function signWebhookBody(body: string | Uint8Array, secret: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Lemon Squeezy's payloads carry no event id; a retried delivery has the same name and the very
 * same signed body (its subscription's updated_at included), so their digest identifies the event.
 */
export function webhookEventId(eventName: string, rawBody: Uint8Array): string {
  return crypto.createHash('sha256').update(eventName).update('\n').update(rawBody).digest('hex');
}
