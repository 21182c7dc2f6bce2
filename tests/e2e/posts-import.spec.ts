import { type BrowserContext, expect, test } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

/** Bulk import (issue 28): a 20-row file checked, two problems fixed in the preview, then imported. */

let sandbox: RunningSandbox;
let server: RunningServer;

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true });
  server = await startServer({ SANDBOX_URL: sandbox.url });
});

test.afterAll(async () => {
  await server?.stop();
  await sandbox?.close();
});

interface Account {
  id: string;
  platform: string;
  accountName: string;
}

async function signedInUser(context: BrowserContext, email: string) {
  const user: HttpUser = await createConfirmedUser(server, email);
  for (const platform of ['twitter', 'facebook'])
    await connectSandboxAccount(server.url, user.token, platform);
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { accounts } = await apiCall<{ accounts: Account[] }>(server.url, user.token, '/api/accounts');
  return { user, accounts };
}

/** 20 rows a day apart in February 2027, alternating X and a Facebook Page; rows 5 and 12 have problems. */
function twentyRows(x: string, page: string): string {
  const lines = ['text,accounts,time,media_urls,link'];
  for (let i = 1; i <= 20; i++) {
    const day = String(i).padStart(2, '0');
    let text = `"Tip ${i}: fresh bread, every morning"`;
    let account = i % 2 === 0 ? page : x;
    if (i === 5) account = 'Nobody We Know';
    if (i === 12) text = `"${'Too long for X. '.repeat(20)}"`;
    if (i === 12) account = x;
    lines.push(`${text},${account},2027-02-${day} 09:00,,`);
  }
  return lines.join('\r\n');
}

test('a 20-row file is checked, two problems are fixed in the preview, and 20 posts are imported', async ({
  page,
  context,
}) => {
  const { user, accounts } = await signedInUser(context, 'importer@e2e.test');
  // Tall enough that the whole preview shows without scrolling (its screenshot stays still).
  await page.setViewportSize({ width: 1600, height: 2400 });
  const x = accounts.find((account) => account.platform === 'twitter')!;
  const fb = accounts.find((account) => account.platform === 'facebook')!;

  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL(/\/posts\/import$/);
  await expect(page.getByRole('heading', { name: 'Import posts' })).toBeVisible();

  await page.getByTestId('import-file').setInputFiles({
    name: 'february.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${twentyRows(x.accountName, fb.accountName)}`),
  });
  await page.getByRole('button', { name: 'Check posts' }).click();

  const counts = page.getByTestId('import-counts');
  await expect(counts).toHaveText('20 rows · 18 ready · 2 with problems · 18 posts');
  const preview = page.getByTestId('import-preview');
  await expect(preview.locator('td[data-invalid="true"]')).toHaveCount(2);
  await expect(preview.locator('tr[data-row="5"]')).toContainText(
    'Unknown account "Nobody We Know": connect it first or check the spelling.',
  );
  await expect(preview.locator('tr[data-row="12"]')).toContainText('Your tweet is too long');
  await expect(page.getByRole('button', { name: 'Import 18 posts' })).toBeVisible();
  await expect(preview.locator('tr[data-row="5"]')).toHaveScreenshot('import-preview-errors.png', {
    animations: 'disabled',
  });
  await expect(preview).toHaveScreenshot('import-preview-table.png', {
    animations: 'disabled',
    maxDiffPixelRatio: 0.01,
  });

  // Fix both cells in place: the counts follow.
  await page.getByLabel('Row 5 Accounts').fill(x.accountName);
  await expect(counts).toHaveText('20 rows · 19 ready · 1 with problems · 19 posts');
  await page.getByLabel('Row 12 Text').fill('Tip 12: a short one for X');
  await expect(counts).toHaveText('20 rows · 20 ready · 0 with problems · 20 posts');
  await expect(preview.locator('td[data-invalid="true"]')).toHaveCount(0);

  // Nothing is saved before the user confirms.
  const before = await apiCall<{ total: number }>(server.url, user.token, '/api/posts?view=upcoming');
  expect(before.total).toBe(0);

  await page.getByRole('button', { name: 'Import 20 posts' }).click();
  await expect(page.getByText('20 posts imported.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const after = await apiCall<{ total: number }>(server.url, user.token, '/api/posts?view=upcoming');
  expect(after.total).toBe(20);
});
