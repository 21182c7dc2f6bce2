import { type BrowserContext, expect, test } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { control } from '../../server/sandbox/sandbox-testing';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

let sandbox: RunningSandbox;
let server: RunningServer;

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true });
  server = await startServer({ SANDBOX_URL: sandbox.url, PUBLISH_RETRY_BASE_MS: '200' });
});

test.afterAll(async () => {
  await server?.stop();
  await sandbox?.close();
});

test.afterEach(async () => {
  await control(sandbox, '/faults', undefined, 'DELETE');
});

async function signedInUser(
  context: BrowserContext,
  email: string,
): Promise<{ user: HttpUser; accountId: string }> {
  const user = await createConfirmedUser(server, email);
  const [accountId] = await connectSandboxAccount(server.url, user.token, 'twitter');
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { user, accountId: accountId as string };
}

test('a post scheduled 5 seconds ahead moves to Sent Posts and a success notification appears', async ({
  page,
  context,
}) => {
  const { user, accountId } = await signedInUser(context, 'five-seconds@example.com');
  await page.goto(`${server.url}/sent`);
  await expect(page.getByRole('heading', { name: 'Sent Posts', exact: true })).toBeVisible();
  await expect(page.getByText('No sent posts found')).toBeVisible();

  await apiCall(server.url, user.token, '/api/posts', {
    socialAccountId: accountId,
    content: 'Going out in five seconds',
    media: [],
    action: 'schedule',
    scheduledAt: new Date(Date.now() + 5000).toISOString(),
  });

  // No reload from here on: the live stream moves the post and brings the notification.
  const card = page.getByRole('article').filter({ hasText: 'Going out in five seconds' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('Posted')).toBeVisible();
  await expect(page.getByText('Post published').first()).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveText('1');

  await page.getByRole('button', { name: /Notifications/ }).click();
  const panel = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(panel.getByText('Your X post was published.')).toBeVisible();
  // Said as every other time in the app: the user's zone and 24-hour clock, no seconds.
  await expect(panel.locator('time').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);

  // "View post" opens that post's details over the page (not just the Sent list), by address.
  await panel.getByRole('link', { name: 'View post' }).click();
  const details = page.getByRole('dialog', { name: 'Post details' });
  await expect(details).toBeVisible();
  await expect(details.getByText('Going out in five seconds')).toBeVisible();
  await expect(details.getByText('posted', { exact: true })).toBeVisible();
  await expect(details.getByRole('link', { name: /^View on (X|Twitter)$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/sent\?post=[\w-]+$/);
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Post details' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
  await expect(page).toHaveURL(/\/sent$/);

  await page.getByRole('button', { name: /Notifications/ }).click();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
});

test('with the platform answering 500 to everything, the post ends failed with its message', async ({
  page,
  context,
}) => {
  const { user, accountId } = await signedInUser(context, 'always-500@example.com');
  await control(sandbox, '/faults', {
    kind: 'status',
    status: 500,
    times: 0,
    body: { title: 'Internal Server Error', detail: 'The sandbox is down', status: 500 },
  });
  await page.goto(`${server.url}/sent`);
  await expect(page.getByRole('heading', { name: 'Sent Posts', exact: true })).toBeVisible();

  const { post } = await apiCall<{ post: { id: string } }>(server.url, user.token, '/api/posts', {
    socialAccountId: accountId,
    content: 'This one cannot get through',
    media: [],
    action: 'schedule',
    scheduledAt: new Date(Date.now() + 2000).toISOString(),
  });

  const card = page.getByRole('article').filter({ hasText: 'This one cannot get through' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Failed')).toBeVisible();
  await expect(card.getByText(/sandbox is down|Failed to post to Twitter/)).toBeVisible();
  await expect(page.getByText('Post failed').first()).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveText('1');

  // From the failure notification, on another page: the failed post's details with its reason.
  await page.goto(`${server.url}/calendar`);
  await page.getByRole('button', { name: /Notifications/ }).click();
  await page
    .getByRole('region', { name: 'Notifications', exact: true })
    .getByRole('link', { name: 'View post' })
    .click();
  const details = page.getByRole('dialog', { name: 'Post details' });
  await expect(details.getByText('failed', { exact: true })).toBeVisible();
  await expect(details.getByText(/sandbox is down|Failed to post to Twitter/)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Fix and retry' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/calendar\\?post=${post.id}$`));

  const { attempts } = await apiCall<{ attempts: Array<{ outcome: string; httpStatus: number }> }>(
    server.url,
    user.token,
    `/api/posts/${post.id}/attempts`,
  );
  expect(attempts).toHaveLength(5);
  expect(attempts.map((a) => a.outcome)).toEqual(['retry', 'retry', 'retry', 'retry', 'failed']);
  expect(attempts.every((a) => a.httpStatus === 500)).toBe(true);
});
