import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type RunningServer, startServer } from '../support/spawn-server';

const PASSWORD = 'shell-test-1';
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
});

/** The confirmation link's token for `email`, from the outbox lines the server logs (mail bodies are stored encrypted). */
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

/** Signs up and confirms through the API; the request context then holds the session cookie. */
async function createConfirmedUser(request: APIRequestContext, email: string) {
  const signup = await request.post(`${server.url}/api/auth/signup`, {
    data: { email, password: PASSWORD, timezone: 'UTC', language: 'en' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const confirm = await request.post(`${server.url}/api/auth/confirm`, {
    data: { token: await confirmationToken(email) },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
}

async function signIn(page: Page, email: string) {
  const login = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email, password: PASSWORD, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
}

/** Records on window whether an app event fires from now on. */
async function listenFor(page: Page, name: string) {
  await page.evaluate((eventName) => {
    const host = window as unknown as { heardEvents?: Set<string> };
    host.heardEvents ??= new Set();
    const heardEvents = host.heardEvents;
    heardEvents.delete(eventName);
    window.addEventListener(eventName, () => heardEvents.add(eventName));
  }, name);
}

async function heard(page: Page, name: string) {
  return page.evaluate(
    (eventName) => Boolean((window as unknown as { heardEvents?: Set<string> }).heardEvents?.has(eventName)),
    name,
  );
}

function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

test('the shell shows the header, the sidebar and the dashboard heading', async ({ page }, testInfo) => {
  const email = uniqueEmail('shell');
  await createConfirmedUser(page.request, email);
  await signIn(page, email);
  await page.goto(`${server.url}/dashboard`);

  const header = page.getByRole('banner');
  await expect(header.getByText('Postloom', { exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('target', '_blank');
  await expect(header.getByRole('button', { name: 'Notifications' })).toBeVisible();
  // The menu toggle is for small screens only.
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Dashboard', 'Sent Posts', 'Posting Schedule', 'Calendar View', 'Analytics']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No accounts connected')).toBeVisible();

  await page.getByRole('button', { name: 'Connected Accounts' }).click();
  await expect(page.getByText('No accounts connected')).toBeHidden();
  await page.getByRole('button', { name: 'Connected Accounts' }).click();
  await expect(page.getByText('No accounts connected')).toBeVisible();

  // A new user's first visit: 'Welcome' (later visits say 'Welcome Back').
  await expect(page.getByText('Welcome', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Content Calendar' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), fullPage: true });

  await nav.getByRole('link', { name: 'Sent Posts' }).click();
  await expect(page).toHaveURL(/\/sent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sent Posts' })).toBeVisible();
  await expect(page.getByText('View and manage your published posts')).toBeVisible();
  await expect(page.getByText('No sent posts found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or send a new post')).toBeVisible();

  // The keyboard: ArrowDown opens the menu on its first item, arrows move and wrap, Escape closes.
  const profile = page.getByRole('button', { name: 'Profile menu' });
  await profile.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(profile).toBeFocused();

  await profile.click();
  await expect(page.getByRole('menu').getByText(email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  // The floating button asks the composer to open (last: the composer's dialog then covers the page).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await listenFor(page, 'postloom:create-post');
  await page.getByRole('button', { name: 'Create new post' }).click();
  await expect.poll(() => heard(page, 'postloom:create-post')).toBe(true);
});

test('at 375 px the sidebar is a drawer opened by the menu toggle', async ({ page }, testInfo) => {
  const email = uniqueEmail('drawer');
  await createConfirmedUser(page.request, email);
  await signIn(page, email);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${server.url}/dashboard`);

  await expect(page.getByRole('heading', { level: 1, name: 'Content Calendar' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('dashboard-375.png'), fullPage: true });

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('No accounts connected')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('drawer-375.png') });
  await drawer.getByRole('link', { name: 'Calendar View' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('signing out ends the session and a signed-out visit remembers where it wanted to go', async ({
  page,
}) => {
  const email = uniqueEmail('signout');
  await createConfirmedUser(page.request, email);
  await signIn(page, email);
  await page.goto(`${server.url}/schedule`);
  await expect(page.getByRole('heading', { level: 1, name: 'Posting Schedule' })).toBeVisible();

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('postloom:returnTo'))).toBeNull();
  const session = await page.request.get(`${server.url}/api/auth/session`);
  expect(await session.json()).toEqual({ user: null });

  await page.goto(`${server.url}/analytics?range=30d`);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('postloom:returnTo'))).toBe('/analytics?range=30d');
});

test('thirty idle minutes warn in the last five and then sign out', async ({ page }) => {
  const email = uniqueEmail('idle');
  await createConfirmedUser(page.request, email);
  await signIn(page, email);
  await page.clock.install();
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Content Calendar' })).toBeVisible();

  await page.clock.runFor(24 * 60_000);
  await expect(page.getByRole('dialog', { name: 'Session expiring' })).toBeHidden();
  await page.clock.runFor(2 * 60_000);
  const warning = page.getByRole('dialog', { name: 'Session expiring' });
  await expect(warning).toContainText('Your session will expire in 4 minutes. Please save your work.');
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();

  await page.clock.runFor(29 * 60_000);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.clock.runFor(2 * 60_000);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has expired. Please sign in again to continue.')).toBeVisible();
  const session = await page.request.get(`${server.url}/api/auth/session`);
  expect(await session.json()).toEqual({ user: null });
});

test('going offline shows a banner and coming back checks the server and announces it', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('offline');
  await createConfirmedUser(page.request, email);
  await signIn(page, email);
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Content Calendar' })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await listenFor(page, 'postloom:reconnected');
  await context.setOffline(false);
  await expect(page.getByText('You are offline.')).toBeHidden();
  await expect.poll(() => heard(page, 'postloom:reconnected')).toBe(true);
});

test('the legal pages are public and say what the spec requires', async ({ page }) => {
  await page.goto(`${server.url}/privacy`);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('You must be at least 13 years old to use Postloom.')).toBeVisible();

  await page.goto(`${server.url}/terms`);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();

  await page.goto(`${server.url}/data-deletion`);
  await expect(page.getByRole('heading', { level: 1, name: 'Data Deletion' })).toBeVisible();
  await expect(page.getByText('Data deletion requests are processed within 30 days.')).toBeVisible();
  await expect(page.getByText(/not intended for anyone under 13/)).toBeVisible();
  await expect(page).toHaveURL(/\/data-deletion$/);
});

test('an unknown path shows the 404 page and /error shows its message', async ({ page }) => {
  await page.goto(`${server.url}/no-such-page`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  await page.goto(`${server.url}/error`);
  await expect(page.getByText('An unexpected error occurred')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return to Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();

  // React Router keeps navigation state under `usr` in history.state; a reload reads it back.
  await page.evaluate(() =>
    window.history.replaceState({ usr: { message: 'Google said no' }, key: 'x', idx: 0 }, ''),
  );
  await page.reload();
  await expect(page.getByText('Google said no')).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
