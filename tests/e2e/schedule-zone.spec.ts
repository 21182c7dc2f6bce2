import { expect, type Locator, type Page, test } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { apiCall, createConfirmedUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

/** The schedule's time zone: the stored one stays until the user takes the browser's. */
let sandbox: RunningSandbox;
let server: RunningServer;

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
  server = await startServer({ SANDBOX_URL: sandbox.url });
});
test.afterAll(async () => {
  await server?.stop();
  await sandbox?.close();
});

function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

test('a user signed up in UTC keeps UTC in a London browser until they choose London on the page', async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: 'Europe/London' });
  const user = await createConfirmedUser(server, 'zone-notice@example.com');
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Posting Schedule', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Tuesday' }).getByText('09:00')).toBeVisible();

  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('UTC');
  const notice = page.getByRole('region', { name: 'Time zone notice' });
  await expect(notice).toContainText('This browser is in Europe/London');
  const preferences = () =>
    apiCall<{ timezone: string }>(server.url, user.token, '/api/settings/preferences');
  expect((await preferences()).timezone).toBe('UTC');
  await page.reload();
  await expect(notice).toBeVisible();
  expect((await preferences()).timezone).toBe('UTC');
  await page.screenshot({ path: test.info().outputPath('zone-notice.png') });

  await notice.getByRole('button', { name: 'Use Europe/London' }).click();
  await expect(toast(page, 'Preferences saved!')).toBeVisible();
  await expect(zone).toHaveValue('Europe/London');
  await expect(notice).toHaveCount(0);
  expect((await preferences()).timezone).toBe('Europe/London');
  await context.close();
});

test("a zone outside the listed ones stays the user's and is offered in the picker", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Kathmandu' });
  const user = await createConfirmedUser(server, 'zone-kathmandu@example.com');
  await apiCall(server.url, user.token, '/api/settings/preferences', { timezone: 'Asia/Kathmandu' }, 'PATCH');
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/schedule`);
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Kathmandu');
  await expect(page.getByRole('region', { name: 'Time zone notice' })).toHaveCount(0);
  const stored = await apiCall<{ timezone: string }>(server.url, user.token, '/api/settings/preferences');
  expect(stored.timezone).toBe('Asia/Kathmandu');
  await context.close();
});
