import { expect, type Page, test } from '@playwright/test';
import { createConfirmedUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ SCHEDULER: 'off' });
});
test.afterAll(async () => {
  await server?.stop();
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

test('the account is deleted after typing DELETE and the user lands on /login with the message', async ({
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
});
