import { expect, type Page, test } from '@playwright/test';
import { createConfirmedUser, lastMailText } from '../support/http-user';
import { type OidcProvider, startOidcProvider } from '../support/oidc-provider';
import { openServerDatabase, type RunningServer, startServer } from '../support/spawn-server';

let server: RunningServer;
let google: OidcProvider;
const GOOGLE = { clientId: 'postloom-e2e-client', clientSecret: 'e2e-client-secret' };

test.beforeAll(async () => {
  // A stand-in for Google (OpenID Connect on loopback) that approves at once.
  google = await startOidcProvider(GOOGLE);
  server = await startServer({
    SCHEDULER: 'off',
    GOOGLE_CLIENT_ID: GOOGLE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
    GOOGLE_ISSUER: google.issuer,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await google?.close();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a notification toggle is saved and still on after a reload', async ({ page }) => {
  const user = await createConfirmedUser(server, 'toggles@example.com');
  await signIn(page, user.email, user.password);
  await page.goto(`${server.url}/settings`);
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await page.getByRole('link', { name: 'Notifications' }).click();
  const postsByEmail = page.getByRole('switch', { name: 'Posts by email' });
  await expect(postsByEmail).toHaveAttribute('aria-checked', 'false');
  await postsByEmail.click();
  await expect(page.getByRole('status').filter({ hasText: 'Preferences saved successfully' })).toBeVisible();
  await expect(postsByEmail).toHaveAttribute('aria-checked', 'true');
  // The switch itself says it was saved, beside it; the others say nothing.
  const postsRow = page.getByRole('row', { name: /^Posts/ });
  await expect(postsRow.getByText('Saved', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Saved', { exact: true })).toHaveCount(1);
  // The message goes after three seconds.
  await expect(page.getByText('Preferences saved successfully')).toHaveCount(0, { timeout: 6000 });
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Posts by email' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Newsletter by email' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});

test('the password is changed in its dialog and the new one signs in', async ({ page }) => {
  const user = await createConfirmedUser(server, 'password@example.com');
  await signIn(page, user.email, user.password);
  await page.goto(`${server.url}/settings/privacy`);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current password').fill('not-my-pass-1');
  await dialog.getByLabel('New password', { exact: true }).fill('brand-new-pass-2');
  const submit = dialog.getByRole('button', { name: 'Change password' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Confirm new password').fill('brand-new-pass-2');
  await submit.click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await dialog.getByLabel('Current password').fill(user.password);
  await submit.click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByText('The email or password you entered is incorrect. Please try again.'),
  ).toBeVisible();
  await signIn(page, user.email, 'brand-new-pass-2');
});

test('the account is deleted after typing DELETE and the current password, and the user lands on /login with the message', async ({
  page,
}) => {
  const user = await createConfirmedUser(server, 'leaving@example.com');
  await signIn(page, user.email, user.password);
  await page.goto(`${server.url}/settings/privacy`);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByLabel('Type DELETE to confirm').blur();
  await expect(dialog.getByText('Please type DELETE to confirm')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  // DELETE alone is not enough: the current password is asked too.
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Current password').fill('not-my-pass-1');
  await confirm.click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await dialog.getByLabel('Current password').fill(user.password);
  await confirm.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been successfully deleted.')).toBeVisible();
  // The session is gone and the address can no longer sign in.
  expect(await (await page.request.get(`${server.url}/api/auth/session`)).json()).toEqual({ user: null });
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByText('The email or password you entered is incorrect. Please try again.'),
  ).toBeVisible();
  // The address the account had is told, with the address and browser it was deleted from.
  const notice = await lastMailText(server, user.email);
  expect(notice).toContain('Your Postloom account and all its data were deleted');
  expect(notice).toMatch(/Where: IP address (127\.0\.0\.1|::1)/);
  expect(notice).toMatch(/Browser: Chrome on Linux/);
});

test('an account without a password is deleted after confirming with Google', async ({ page }) => {
  google.user = { sub: 'google-e2e-1', email: 'google-only@example.com', email_verified: true };
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The Google sign-in was more than 10 minutes ago: it no longer counts for a deletion.
  await ageGoogleSignIns(server, 'google-only@example.com', 11 * 60_000);

  await page.goto(`${server.url}/settings/privacy`);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(dialog.getByText(/sign in with Google again/)).toBeVisible();
  await expect(dialog.getByLabel('Current password')).toHaveCount(0);
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();

  // Google and back: the same session, now confirmed, and the dialog open again.
  await dialog.getByRole('button', { name: 'Confirm with Google' }).click();
  await expect(page).toHaveURL(/\/settings\/delete-account$/);
  const again = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(again.getByText('Confirmed with Google.')).toBeVisible();
  await again.getByLabel('Type DELETE to confirm').fill('DELETE');
  await again.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been successfully deleted.')).toBeVisible();
});

/** Moves the Google sign-ins of a user's sessions `ms` into the past (the server's own database). */
async function ageGoogleSignIns(server: RunningServer, email: string, ms: number): Promise<void> {
  const db = openServerDatabase(server);
  try {
    await db
      .updateTable('sessions')
      .set((eb) => ({ googleAuthAt: eb('googleAuthAt', '-', ms) }))
      .where('userId', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
      .execute();
  } finally {
    await db.destroy();
  }
}
