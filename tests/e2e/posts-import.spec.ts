import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

/** Bulk import (issue 28): a 20-row file checked, two problems fixed in the preview, then imported. */

let sandbox: RunningSandbox;
let server: RunningServer;
/**
 * A photo site on loopback that answers one picture each time the test lets one through, so every
 * step of the import's progress is seen however loaded the machine is.
 */
let photos: http.Server;
let photosUrl: string;
const heldPhotos: Array<() => void> = [];
let photosLetThrough = 0;
function letOnePhotoThrough() {
  const answer = heldPhotos.shift();
  if (answer) answer();
  else photosLetThrough += 1;
}

test.beforeAll(async () => {
  const png = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  photos = http.createServer((req, res) => {
    req.resume();
    const answer = () => res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (photosLetThrough > 0) {
      photosLetThrough -= 1;
      answer();
    } else heldPhotos.push(answer);
  });
  await new Promise<void>((resolve) => photos.listen(0, '127.0.0.1', resolve));
  photosUrl = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;
  sandbox = await startSandbox({ port: 0, autoApprove: true });
  // The photo site is on loopback: media URLs are fetched with the guard's local-testing allowance.
  server = await startServer({ SANDBOX_URL: sandbox.url, ALLOW_PRIVATE_MEDIA_URLS: 'on' });
});

test.afterAll(async () => {
  await server?.stop();
  await sandbox?.close();
  await new Promise((resolve) => photos?.close(resolve));
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
}, testInfo) => {
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

  // On a phone the preview scrolls inside its box: the page itself stays as wide as the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(preview).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await preview.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('import-preview-390.png') });
  await page.setViewportSize({ width: 1600, height: 2400 });

  // Fix both cells in place: the counts follow.
  await page.getByLabel('Row 5 Accounts').fill(x.accountName);
  await expect(counts).toHaveText('20 rows · 19 ready · 1 with a problem · 19 posts');
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

test('the import shows its media being fetched one by one, and another open tab shows the post without a reload', async ({
  page,
  context,
}, testInfo) => {
  const { accounts } = await signedInUser(context, 'photo-importer@e2e.test');
  const x = accounts.find((account) => account.platform === 'twitter')!;
  await page.setViewportSize({ width: 1440, height: 1000 });

  // A second tab on the dashboard, its live stream open before the import starts.
  const dashboard = await context.newPage();
  const dashboardLive = dashboard.waitForResponse((res) => res.url().endsWith('/api/events'));
  await dashboard.goto(`${server.url}/dashboard`);
  await dashboardLive;
  await expect(dashboard.getByText('Three cakes for the weekend')).toHaveCount(0);

  const live = page.waitForResponse((res) => res.url().endsWith('/api/events'));
  await page.goto(`${server.url}/posts/import`);
  await live;
  const pictures = [1, 2, 3].map((n) => `${photosUrl}/cake-${n}.png`).join(';');
  await page
    .getByLabel('Or paste the CSV')
    .fill(
      `text,accounts,time,media_urls,link\n"Three cakes for the weekend",${x.accountName},2027-03-06 10:00,${pictures},`,
    );
  await page.getByRole('button', { name: 'Check posts' }).click();
  await expect(page.getByTestId('import-counts')).toHaveText('1 row · 1 ready · 0 with problems · 1 post');

  await page.getByRole('button', { name: 'Import 1 post' }).click();
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toHaveAttribute('aria-valuetext', 'Fetching media 0 of 3');
  letOnePhotoThrough();
  await expect(bar).toHaveAttribute('aria-valuetext', 'Fetching media 1 of 3');
  await expect(bar).toHaveAttribute('aria-valuenow', '1');
  await page.screenshot({ path: testInfo.outputPath('import-progress-1440.png') });
  letOnePhotoThrough();
  await expect(bar).toHaveAttribute('aria-valuetext', 'Fetching media 2 of 3');
  letOnePhotoThrough();
  await expect(page.getByText('1 post imported.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The other tab was never reloaded: the import's one live event brought the post in.
  await expect(dashboard.getByText('Three cakes for the weekend')).toBeVisible();
});
