import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver took in, with what verifying its signature against each secret said. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  /** The secrets (of those the receiver was told) whose signature verified. */
  verifiedWith: string[];
  /** The status this request was answered with. */
  answered: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:PORT/hooks */
  url: string;
  received: ReceivedWebhook[];
  /** Secrets to verify with (a Standard Webhooks receiver knows its endpoint's secret). */
  secrets: string[];
  /** Statuses to answer the next requests with, in order; 204 once they are used up. */
  answers: number[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/**
 * A webhook receiver of its own, as a customer would run one: it verifies every request with
 * the standardwebhooks library (signature and timestamp tolerance), records it, and answers the
 * scripted statuses (to make deliveries fail and be retried).
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver = { received, secrets: [] as string[], answers: [] as number[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      const verifiedWith = receiver.secrets.filter((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      let payload: ReceivedWebhook['payload'] = null;
      try {
        payload = JSON.parse(body);
      } catch {
        // recorded as it came
      }
      const answered = receiver.answers.shift() ?? 204;
      received.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        payload,
        verifiedWith,
        answered,
      });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    async waitFor(count: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`The receiver got ${received.length} of ${count} webhooks in ${timeoutMs} ms.`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
