import { expect, type Page, test } from '@playwright/test';
import { GOOGLE_DEFAULT_EMAIL } from '../../server/sandbox/platforms/google';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { type RunningServer, startServer } from '../support/spawn-server';

const EMAIL = 'story@example.com';
const PASSWORD = 'first-secret-1';
const NEW_PASSWORD = 'second-secret-2';
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
});

/** Opens the newest outbox message with this subject and follows the button link in it. */
async function followMailLink(page: Page, subject: string, linkText: string) {
  await page.goto(`${server.url}/dev/mail`);
  await page.getByRole('link', { name: subject }).first().click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await page.getByRole('link', { name: linkText }).click();
}

async function signIn(page: Page, password: string, remember = false) {
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a confirmation link opened while signed out signs in nobody until the visitor continues', async ({
  page,
}) => {
  const victim = 'link-victim@example.com';
  const signup = await page.request.post(`${server.url}/api/auth/signup`, {
    data: { email: victim, password: 'victim-secret-1', timezone: 'UTC', language: 'en' },
  });
  expect(signup.status()).toBe(201);
  const token = new RegExp(`\\[mail\\] to ${victim}:[^\\n]*\\n\\s*\\S*/auth/confirm\\?token=([\\w-]+)`).exec(
    server.output(),
  )?.[1];
  expect(token).toBeTruthy();
  await page.goto(`${server.url}/auth/confirm?token=${token}`);
  await expect(page.getByRole('button', { name: `Continue as ${victim}` })).toBeVisible();
  // Opening the link used nothing and signed in nobody.
  expect(await (await page.request.get(`${server.url}/api/auth/session`)).json()).toEqual({ user: null });
  await expect(page).toHaveURL(/\/auth\/confirm/);
});

test('a new user signs up, confirms by e-mail, signs in and out, and resets the password', async ({
  page,
}) => {
  // Sign up: the button waits for a valid form, then 'Check Your Email'.
  await page.goto(`${server.url}/signup`);
  const create = page.getByRole('button', { name: 'Create account' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await create.click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend email in \d+s/ })).toBeDisabled();
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).toContain(EMAIL);
  expect(stored).not.toContain(PASSWORD);

  // Confirm through the link in the outbox: the link shows whose account it opens and signs in
  // only when the visitor chooses to continue.
  await followMailLink(page, 'Confirm your Postloom account', 'Confirm my email');
  const continueAs = page.getByRole('button', { name: `Continue as ${EMAIL}` });
  await expect(continueAs).toBeVisible();
  expect(await (await page.request.get(`${server.url}/api/auth/session`)).json()).toEqual({ user: null });
  await continueAs.click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);

  // A wrong password shows the spec's message.
  await signIn(page, 'wrong-secret-9');
  await expect(
    page.getByText('The email or password you entered is incorrect. Please try again.'),
  ).toBeVisible();

  // Remember me: a 30-day, HttpOnly, SameSite=Lax cookie.
  await page.getByLabel('Password').fill('');
  await signIn(page, PASSWORD, true);
  await expect(page).toHaveURL(/\/dashboard$/);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'postloom_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

  await signOut(page);

  // Forgotten password: request a link, follow it, choose a new password.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // Until the page has changed, 'Email' is still the sign-in form's field (a busy machine shows it).
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Email Sent' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  // The token leaves the address bar once read (a reload still works); the account's e-mail fills
  // the username field for password managers.
  await followMailLink(page, 'Reset your Postloom password', 'Choose a new password');
  await expect(page).toHaveURL(/\/update-password$/);
  const username = page.getByLabel('Email');
  await expect(username).toHaveValue(EMAIL);
  await expect(username).toHaveAttribute('autocomplete', 'username');
  await page.reload();
  await expect(page).toHaveURL(/\/update-password$/);
  await expect(page.getByLabel('Email')).toHaveValue(EMAIL);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  // Success is said once: the sign-in page's message, no toast saying it again.
  await expect(
    page.getByText('Password updated successfully. Please log in with your new password.'),
  ).toHaveCount(1);
  await expect(page.getByText(/Password updated successfully!/)).toHaveCount(0);

  await signIn(page, PASSWORD);
  await expect(page.getByText('The email or password you entered is incorrect.')).toBeVisible();
  await page.getByLabel('Password').fill('');
  await signIn(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a signed-out visit to /sent goes to /login and back to /sent after sign-in', async ({ page }) => {
  await page.goto(`${server.url}/sent`);
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/sent$/);
});

test('a signed-in visit to /login goes to the dashboard', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await signIn(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/login`);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('Google sign-in', () => {
  let sandbox: RunningSandbox;
  let googleServer: RunningServer;

  test.beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, autoApprove: true });
    googleServer = await startServer({
      GOOGLE_CLIENT_ID: 'postloom-e2e-client',
      GOOGLE_CLIENT_SECRET: 'postloom-e2e-secret',
      GOOGLE_ISSUER: `${sandbox.url}/accounts.google.com`,
    });
  });

  test.afterAll(async () => {
    await googleServer?.stop();
    await sandbox?.close();
  });

  test('the Google button signs in through the provider and the callback page', async ({ page }) => {
    await page.goto(`${googleServer.url}/signup`);
    await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
    await page.goto(`${googleServer.url}/login`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    const me = await page.request.get(`${googleServer.url}/api/auth/session`);
    expect((await me.json()).user.email).toBe(GOOGLE_DEFAULT_EMAIL);
  });

  test('a callback the server refuses returns to /login with the failure message', async ({ page }) => {
    await page.goto(`${googleServer.url}/auth/callback?code=forged&state=forged`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
  });
});

test('without Google configured, sign-in and sign-up show no Google button', async ({ page }) => {
  for (const [path, submit] of [
    ['/login', 'Sign in'],
    ['/signup', 'Create account'],
  ] as const) {
    // The pages learn from /api/app-config whether Google is there: look once it has answered.
    const config = page.waitForResponse((res) => res.url().endsWith('/api/app-config'));
    await page.goto(`${server.url}${path}`);
    expect(((await (await config).json()) as { googleSignIn: boolean }).googleSignIn).toBe(false);
    await expect(page.getByRole('button', { name: submit, exact: true })).toBeVisible();
    await expect(page.getByText(/Google/)).toHaveCount(0);
    await expect(page.getByText('or', { exact: true })).toHaveCount(0);
  }
});

test('signed-out pages ask who is signed in without a failed request or a console error', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
  });
  for (const [path, heading] of [
    ['/login', 'Sign in to Postloom'],
    ['/signup', 'Create your account'],
    ['/reset-password', 'Reset your password'],
    ['/dashboard', 'Sign in to Postloom'],
  ] as const) {
    const session = page.waitForResponse((res) => res.url().endsWith('/api/auth/session'));
    await page.goto(`${server.url}${path}`);
    const answer = await session;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ user: null });
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  expect(problems).toEqual([]);
});
