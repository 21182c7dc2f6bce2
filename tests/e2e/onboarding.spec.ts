import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

/** A brand-new user's dashboard: "Welcome" once, and the getting-started checklist. */

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

async function newUser(context: BrowserContext, email: string): Promise<HttpUser> {
  const user = await createConfirmedUser(server, email);
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  return user;
}

function checklistOf(page: Page) {
  return page.getByRole('region', { name: 'Get started with Postloom' });
}

test('a new user is welcomed once, and the checklist follows what they do until they dismiss it', async ({
  page,
  context,
}, testInfo) => {
  const user = await newUser(context, 'brand-new@example.com');
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Content Calendar' })).toBeVisible();
  await expect(page.getByText('Welcome', { exact: true })).toBeVisible();
  await expect(page.getByText('Welcome Back')).toHaveCount(0);

  const checklist = checklistOf(page);
  await expect(checklist).toBeVisible();
  await expect(checklist.getByText('0 of 4 done')).toBeVisible();
  const steps = checklist.getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toContainText('Connect an account (to do)');
  await expect(steps.nth(1)).toContainText('Set your posting times (to do)');
  await expect(steps.nth(2)).toContainText('Schedule your first post (to do)');
  await expect(steps.nth(3)).toContainText('Install the browser extension (to do)');
  await page.screenshot({ path: testInfo.outputPath('onboarding-1440.png'), fullPage: true });

  // Each step leads to where it is done.
  await checklist.getByRole('button', { name: 'Connect account' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect Account' });
  await expect(connect).toBeVisible();
  await connect.getByRole('button', { name: 'Close' }).click();
  await checklist.getByRole('button', { name: 'Create post' }).click();
  const composer = page.getByRole('dialog', { name: 'Create Post' });
  await expect(composer).toBeVisible();
  await composer.getByRole('button', { name: 'Cancel' }).click();
  await expect(composer).toBeHidden();
  await checklist.getByRole('button', { name: 'How to install' }).click();
  await expect(checklist.getByText(/choose Sign in with the web app/)).toBeVisible();

  // An account connected elsewhere (here through the API) ticks the first step; back on the
  // dashboard the greeting has become "Welcome Back".
  const [accountId] = await connectSandboxAccount(server.url, user.token, 'linkedin');
  await page.reload();
  await expect(page.getByText('Welcome Back')).toBeVisible();
  await expect(checklist.getByText('1 of 4 done')).toBeVisible();
  await expect(steps.nth(0)).toContainText('Connect an account (done)');

  await checklist.getByRole('link', { name: 'Open Posting Schedule' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Posting Schedule' })).toBeVisible();
  const { schedule } = await apiCall<{ schedule: { times: Array<{ id: string }> } }>(
    server.url,
    user.token,
    '/api/schedule',
  );
  await apiCall(server.url, user.token, `/api/schedule/times/${schedule.times[0]?.id}`, undefined, 'DELETE');
  await apiCall(server.url, user.token, '/api/posts', {
    socialAccountId: accountId,
    content: 'My first Postloom post',
    action: 'draft',
  });
  await page.goto(`${server.url}/dashboard`);
  await expect(checklist.getByText('3 of 4 done')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('onboarding-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Dismissed: gone, also after a reload (kept on the server).
  await checklist.getByRole('button', { name: 'Dismiss the getting started checklist' }).click();
  await expect(checklist).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Welcome Back')).toBeVisible();
  await expect(checklist).toHaveCount(0);
});

test('the checklist goes away by itself once every step is done', async ({ page, context }) => {
  const user = await newUser(context, 'all-done@example.com');
  const [accountId] = await connectSandboxAccount(server.url, user.token, 'twitter');
  await page.goto(`${server.url}/dashboard`);
  await expect(checklistOf(page).getByText('1 of 4 done')).toBeVisible();

  const { schedule } = await apiCall<{ schedule: { times: Array<{ id: string }> } }>(
    server.url,
    user.token,
    '/api/schedule',
  );
  await apiCall(server.url, user.token, `/api/schedule/times/${schedule.times[0]?.id}`, undefined, 'DELETE');
  await apiCall(server.url, user.token, '/api/posts', {
    socialAccountId: accountId,
    content: 'Scheduled from the start',
    action: 'schedule',
    scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  // The extension's sign-in comes from its own page's origin.
  const token = await page.request.post(`${server.url}/api/auth/token`, {
    headers: { origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' },
    data: { email: user.email, password: user.password },
  });
  expect(token.status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Content Calendar' })).toBeVisible();
  await expect(page.getByText('Scheduled from the start')).toBeVisible();
  await expect(checklistOf(page)).toHaveCount(0);
});
