import { afterEach, expect, it } from 'vitest';
import { apiCall, createConfirmedUser } from '../support/http-user.js';
import {
  openServerDatabase,
  type RunningServer,
  releaseServerDatabases,
  startServer,
} from '../support/spawn-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

let server: RunningServer | undefined;
let receiver: WebhookReceiver | undefined;

afterEach(async () => {
  await server?.stop();
  await receiver?.close();
  await releaseServerDatabases();
});

async function deliveryRow(running: RunningServer) {
  const db = openServerDatabase(running);
  try {
    return await db.selectFrom('webhookDeliveries').selectAll().executeTakeFirst();
  } finally {
    await db.destroy();
  }
}

it('keeps retrying a delivery after the server is killed between two attempts', async () => {
  receiver = await startWebhookReceiver();
  // The real schedule a hundred times shorter: 50 ms, then 3 s, then 18 s.
  const env = { WEBHOOKS_ALLOW_LOOPBACK: 'on', WEBHOOK_RETRY_SCALE: '0.01' };
  server = await startServer(env);
  const user = await createConfirmedUser(server, 'hooks@example.com');
  const { endpoint, secret } = await apiCall<{ endpoint: { id: string }; secret: string }>(
    server.url,
    user.token,
    '/api/webhooks',
    { url: receiver.url, events: ['post.published'] },
  );
  receiver.secrets = [secret];
  receiver.answers = [500, 500];
  await apiCall(server.url, user.token, `/api/webhooks/${endpoint.id}/test`, {});
  await receiver.waitFor(2);
  // Both failures are stored; the third attempt is 3 s away when the process dies.
  const deadline = Date.now() + 10_000;
  while ((await deliveryRow(server))?.attemptCount !== 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await server.stop('SIGKILL');
  expect(await deliveryRow(server)).toMatchObject({
    status: 'pending',
    attemptCount: 2,
    lastStatusCode: 500,
  });
  expect(receiver.received).toHaveLength(2);

  server = await startServer({ ...env, DATA_DIR: server.dataDir });
  const received = await receiver.waitFor(3, 30_000);
  expect(received.map((hook) => hook.answered)).toEqual([500, 500, 204]);
  expect(new Set(received.map((hook) => hook.id)).size).toBe(1);
  expect(received[2]!.verifiedWith).toEqual([secret]);
  const settle = Date.now() + 10_000;
  while ((await deliveryRow(server))?.status !== 'delivered' && Date.now() < settle) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await deliveryRow(server)).toMatchObject({
    status: 'delivered',
    attemptCount: 3,
    lastStatusCode: 204,
  });
}, 90_000);
