import { expect, type Page, test } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { type RunningServer, startServer } from '../support/spawn-server';

const EMAIL = 'accounts-story@example.com';
const PASSWORD = 'accounts-test-1';
let sandbox: RunningSandbox;
let server: RunningServer;

test.beforeAll(async () => {
  // Without auto-approve: the sandbox shows its consent page and the user clicks Approve.
  sandbox = await startSandbox({ port: 0 });
  server = await startServer({ SANDBOX_URL: sandbox.url });
});

test.afterAll(async () => {
  await server?.stop();
  await sandbox?.close();
});

/** The confirmation link's token for `email`, from the outbox lines the server logs. */
async function confirmationToken(email: string): Promise<string> {
  const pattern = new RegExp(
    `\\[mail\\] to ${email.replace(/[.+]/g, '\\$&')}:[^\\n]*\\n\\s*\\S*/auth/confirm\\?token=([\\w-]+)`,
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const token = pattern.exec(server.output())?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation link mailed to ${email}`);
}

async function signUpAndSignIn(page: Page) {
  const signup = await page.request.post(`${server.url}/api/auth/signup`, {
    data: { email: EMAIL, password: PASSWORD, timezone: 'UTC', language: 'en' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const confirm = await page.request.post(`${server.url}/api/auth/confirm`, {
    data: { token: await confirmationToken(EMAIL) },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const login = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: EMAIL, password: PASSWORD, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
}

async function openConnectModal(page: Page) {
  await page.getByRole('button', { name: 'Connect Account' }).first().click();
  const modal = page.getByRole('dialog', { name: /Connect Account/ });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Choose a platform to connect your social media account')).toBeVisible();
  return modal;
}

/** Connects through the sandbox's consent page and lands back on the dashboard with the toast. */
async function connectThroughConsent(page: Page, platformName: string) {
  const modal = await openConnectModal(page);
  await modal.getByRole('button', { name: `Connect ${platformName}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${sandbox.url}/`));
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`${platformName} account connected successfully!`)).toBeVisible();
}

test('a user connects X and LinkedIn through the consent pages and disconnects X', async ({ page }) => {
  await signUpAndSignIn(page);
  await page.goto(`${server.url}/dashboard`);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByText('No accounts connected')).toBeVisible();

  await connectThroughConsent(page, 'X');
  await expect(sidebar.getByTestId('sidebar-account')).toHaveCount(1);
  await expect(sidebar.getByText(/@\w+/)).toBeVisible();

  await connectThroughConsent(page, 'LinkedIn');
  await expect(sidebar.getByTestId('sidebar-account')).toHaveCount(2);

  // The modal lists both accounts (with the sandbox badge) and the Facebook/Instagram advice.
  const modal = await openConnectModal(page);
  const twitterRow = modal.getByTestId('connect-platform-twitter');
  const linkedinRow = modal.getByTestId('connect-platform-linkedin');
  await expect(twitterRow.getByTestId('connected-account')).toHaveCount(1);
  await expect(linkedinRow.getByTestId('connected-account')).toHaveCount(1);
  await expect(twitterRow.getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(
    modal.getByText('Please reconnect your account every 2 months to avoid potential API errors.'),
  ).toHaveCount(2);
  await expect(modal.getByTestId('connect-platform-threads')).toBeVisible();

  // Disconnect X: No keeps it, Yes removes it.
  await twitterRow.getByRole('button', { name: /^Disconnect X account/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm.getByText('Are you sure you want to disconnect your X account?')).toBeVisible();
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(twitterRow.getByTestId('connected-account')).toHaveCount(1);

  await twitterRow.getByRole('button', { name: /^Disconnect X account/ }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes' }).click();
  await expect(twitterRow.getByTestId('connected-account')).toHaveCount(0);
  await expect(twitterRow.getByRole('button', { name: 'Connect X' })).toBeVisible();

  // Closing on the backdrop; the sidebar now shows LinkedIn only.
  await page.getByTestId('modal-backdrop').click({ position: { x: 5, y: 5 } });
  await expect(modal).toBeHidden();
  await expect(sidebar.getByTestId('sidebar-account')).toHaveCount(1);
  await expect(sidebar.getByText('LinkedIn', { exact: false }).first()).toBeVisible();
});

test('TikTok connects in a popup that reports to the dashboard, Facebook Pages through the chooser', async ({
  page,
}) => {
  const login = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: EMAIL, password: PASSWORD, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  // Count only once the account list has arrived (the first test left one account behind).
  const accountsLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/accounts');
  await page.goto(`${server.url}/dashboard`);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await accountsLoaded;
  await expect(sidebar.getByText('Loading accounts…')).toHaveCount(0);
  const before = await sidebar.getByTestId('sidebar-account').count();

  // TikTok: the consent page opens in a popup, which posts TIKTOK_AUTH_SUCCESS and closes.
  let modal = await openConnectModal(page);
  const popupOpened = page.waitForEvent('popup');
  await modal.getByRole('button', { name: 'Connect TikTok', exact: true }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Approve' }).click();
  await popup.waitForEvent('close');
  await expect(page.getByText('TikTok account connected successfully!')).toBeVisible();
  await expect(sidebar.getByTestId('sidebar-account')).toHaveCount(before + 1);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Facebook: the demo user manages several Pages and picks one.
  await page.keyboard.press('Escape');
  modal = await openConnectModal(page);
  await modal.getByRole('button', { name: 'Connect Facebook', exact: true }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Facebook Pages' })).toBeVisible();
  const boxes = page.getByRole('checkbox');
  expect(await boxes.count()).toBeGreaterThan(1);
  await boxes.nth(1).uncheck();
  await expect(boxes.nth(1)).not.toBeChecked();
  await page.getByRole('button', { name: 'Connect Page', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Facebook account connected successfully!')).toBeVisible();
  await expect(sidebar.getByTestId('sidebar-account')).toHaveCount(before + 2);
});
