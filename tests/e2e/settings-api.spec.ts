import { expect, test } from '@playwright/test';
import { createConfirmedUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ SCHEDULER: 'off' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('an API token is created with its scopes, shown once, used by a program and revoked', async ({
  page,
}, testInfo) => {
  const user = await createConfirmedUser(server, 'automation@example.com');
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${server.url}/settings`);
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API' }).click();
  await expect(page).toHaveURL(/\/settings\/api$/);
  await expect(page.getByText('No API tokens yet.')).toBeVisible();

  await page.getByLabel('Token name').fill('Blog autoposter');
  // posts:read and posts:write are ticked by default; take posts:write away, add accounts:read.
  await page.getByRole('checkbox', { name: /posts:write/ }).uncheck();
  await page.getByRole('checkbox', { name: /accounts:read/ }).check();
  await page.getByLabel('Expires').selectOption({ label: '30 days' });
  await page.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByTestId('new-api-token');
  await expect(shown).toHaveText(/^pl_[\w-]{43}$/);
  const token = (await shown.textContent()) ?? '';
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const list = page.getByRole('list', { name: 'API tokens' });
  const row = list.getByRole('listitem').filter({ hasText: 'Blog autoposter' });
  await expect(row).toContainText('posts:read');
  await expect(row).toContainText('accounts:read');
  await expect(row).not.toContainText('posts:write');
  await expect(row).toContainText('Never used');
  await expect(row).toContainText(`pl_…${token.slice(-4)}`);
  await page.screenshot({ path: testInfo.outputPath('settings-api-created.png'), fullPage: true });

  // A program uses it: allowed where its scopes say, refused elsewhere.
  const asProgram = (path: string) =>
    fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect((await asProgram('/api/accounts')).status).toBe(200);
  expect((await asProgram('/api/queues')).status).toBe(403);

  // Shown once: after Done (or a reload) only its last four characters remain.
  await page.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(page.getByTestId('new-api-token')).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(row).toContainText('Last used');

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(page.getByText('No API tokens yet.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('settings-api-revoked.png'), fullPage: true });
  expect((await asProgram('/api/accounts')).status).toBe(401);
});
