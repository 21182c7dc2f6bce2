import { expect, type Page, test } from '@playwright/test';
import { createConfirmedUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let server: RunningServer;
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The receiver listens on loopback (allowed for development); retries a thousand times sooner.
  server = await startServer({ WEBHOOKS_ALLOW_LOOPBACK: 'on', WEBHOOK_RETRY_SCALE: '0.001' });
});
test.afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a webhook endpoint is added, tested through a retry, resent and its secret rotated', async ({
  page,
}) => {
  const user = await createConfirmedUser(server, 'webhooks@example.com');
  await signIn(page, user.email, user.password);
  await page.goto(`${server.url}/settings`);
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await expect(page.getByText('No endpoints yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await dialog.getByLabel('Endpoint URL').fill('https://10.0.0.7/hooks');
  await dialog.getByRole('checkbox', { name: /queue\.emptied/ }).check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByText('This address points to a private or local network')).toBeVisible();
  await dialog.getByLabel('Endpoint URL').fill(receiver.url);
  await dialog.getByLabel('Description').fill('Our CMS');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
  const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  receiver.secrets = [secret];
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  const endpoint = page.getByTestId('webhook-endpoint');
  await expect(endpoint).toContainText(receiver.url);
  await expect(endpoint).toContainText('post.published, post.failed, queue.emptied');

  // The receiver fails the first attempt; the retry 5 ms later is delivered.
  receiver.answers = [500];
  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  const rows = endpoint.getByTestId('webhook-delivery');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Delivered', { timeout: 15_000 });
  await expect(rows.first()).toContainText('204');
  await expect(rows.first()).toContainText(/\d+ ms/);
  expect(receiver.received.map((hook) => [hook.answered, hook.verifiedWith.length])).toEqual([
    [500, 1],
    [204, 1],
  ]);

  await rows.first().getByRole('button', { name: 'Resend' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Delivered', { timeout: 15_000 });
  await expect.poll(() => receiver.received.length).toBe(3);
  expect(receiver.received[2]!.id).toBe(receiver.received[0]!.id);

  await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('dialog', { name: 'Rotate secret' }).getByRole('button', { name: 'Yes' }).click();
  const rotated = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(rotated).toContainText('keeps signing beside this one for 24 hours');
  const newSecret = (await rotated.getByTestId('webhook-secret').textContent()) ?? '';
  expect(newSecret).not.toBe(secret);
  await rotated.getByRole('button', { name: 'Done' }).click();
  await page.screenshot({ path: test.info().outputPath('webhooks-settings.png'), fullPage: true });
});
