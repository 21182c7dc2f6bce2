import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createConfirmedUser, type HttpUser } from '../support/http-user';
import { openServerDatabase, type RunningServer, startServer } from '../support/spawn-server';

const DAY = 86_400_000;
const TRIAL_ENDED = 'Your free trial has ended. Subscribe to access the dashboard.';

// Dates on the page are shown in the browser's zone; the assertions format them in the same one.
test.use({ timezoneId: 'UTC' });

/** 'December 22, 2026', as the subscription pages write a day. */
function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** Moves a user's sign-up back in time (the trial is counted from it). */
async function setSignUpDaysAgo(server: RunningServer, email: string, days: number): Promise<void> {
  const db = openServerDatabase(server);
  try {
    await db
      .updateTable('users')
      .set({ createdAt: Date.now() - days * DAY })
      .where('email', '=', email)
      .execute();
  } finally {
    await db.destroy();
  }
}

async function signIn(server: RunningServer, context: BrowserContext, email: string): Promise<HttpUser> {
  const user = await createConfirmedUser(server, email);
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  return user;
}

async function accessEndsAt(server: RunningServer, page: Page): Promise<string> {
  const status = await page.request.get(`${server.url}/api/billing/status`);
  const body = (await status.json()) as { access: { endsAt: string | null } };
  expect(body.access.endsAt).not.toBeNull();
  return body.access.endsAt as string;
}

test.describe('demo mode with BILLING=lemonsqueezy (the built-in sandbox plays Lemon Squeezy)', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer({ BILLING: 'lemonsqueezy' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a user whose trial has ended subscribes through the sandbox checkout, reaches the dashboard and cancels', async ({
    page,
    context,
  }) => {
    const user = await signIn(server, context, 'trial-ended@example.com');
    await setSignUpDaysAgo(server, user.email, 8);

    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByRole('heading', { name: TRIAL_ENDED })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Content Calendar' })).toBeHidden();
    // Every app page is gated; settings stays reachable and lists the Subscription entry.
    await page.getByRole('link', { name: 'Sent Posts' }).first().click();
    await expect(page.getByRole('heading', { name: TRIAL_ENDED })).toBeVisible();
    await page.goto(`${server.url}/settings/subscription`);
    await expect(
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Subscription' }),
    ).toBeVisible();
    await expect(page.getByText('No active subscription found.')).toBeVisible();

    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page).toHaveURL(/\/postloom\.lemonsqueezy\.com\/checkout\/custom\/[\w-]+\?signature=/);
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await page.getByLabel('Name on card').fill('Dana Buyer');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();

    await expect(page).toHaveURL(`${server.url}/subscription/success`);
    await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible();
    await expect(page.getByText(/Your subscription is active/)).toBeVisible();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Content Calendar' })).toBeVisible();
    // The paywall stood where the dashboard is: this is the user's first visit of it.
    await expect(page.getByText('Welcome', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: TRIAL_ENDED })).toBeHidden();

    // /subscription leads to the subscription settings.
    await page.goto(`${server.url}/subscription`);
    await expect(page).toHaveURL(`${server.url}/settings/subscription`);
    const details = page.getByRole('main');
    await expect(details.getByText('Postloom Pro · Monthly')).toBeVisible();
    await expect(details.getByText('Visa ending in 4242')).toBeVisible();
    await details.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
    await dialog.getByRole('button', { name: 'Yes' }).click();

    await expect(page.getByText(/^Subscription set to cancel on /)).toBeVisible();
    const endsOn = longDate(await accessEndsAt(server, page));
    await expect(page.getByText(`Subscription set to cancel on ${endsOn}.`)).toBeVisible();
    await expect(details.getByText(`will cancel on ${endsOn}`)).toBeVisible();
    const nextBilling = details
      .locator('div', { has: page.getByText('Next billing date', { exact: true }) })
      .last();
    await expect(nextBilling.getByText('N/A', { exact: true })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Cancel subscription' })).toBeHidden();
    await expect(details.getByRole('button', { name: 'Resume subscription' })).toBeVisible();

    // The dashboard keeps working until then, with the cancellation banner.
    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByText(`Your subscription will cancel on ${endsOn}.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Content Calendar' })).toBeVisible();
  });

  test('a new user sees the trial banner with the days left', async ({ page, context }) => {
    await signIn(server, context, 'new-trial@example.com');
    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByText('Your free trial ends in 7 days.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Content Calendar' })).toBeVisible();
  });
});

test.describe('a self-hosted server (BILLING off, the default)', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('shows no gate, no banner and no Subscription menu entry, whatever the account’s age', async ({
    page,
    context,
  }) => {
    const user = await signIn(server, context, 'self-hosted@example.com');
    await setSignUpDaysAgo(server, user.email, 90);
    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Content Calendar' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Subscription' })).toHaveCount(0);
    await expect(page.getByText(/free trial/i)).toHaveCount(0);
    await page.goto(`${server.url}/settings/profile`);
    const menu = page.getByRole('navigation', { name: 'Settings' });
    await expect(menu.getByRole('link', { name: 'Personal Information' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Subscription' })).toHaveCount(0);
  });
});
