import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { apiCall, connectSandboxAccount, createConfirmedUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

let sandbox: RunningSandbox;
let server: RunningServer;

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
  server = await startServer({ SANDBOX_URL: sandbox.url });
});
test.afterAll(async () => {
  await server?.stop();
  await sandbox?.close();
});

function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('a user opens Analytics, changes the range, sees the chart, refreshes and exports the CSV', async ({
  page,
}) => {
  const user = await createConfirmedUser(server, 'analytics-story@example.com');
  const [linkedin] = await connectSandboxAccount(server.url, user.token, 'linkedin');
  await connectSandboxAccount(server.url, user.token, 'facebook');
  const { accounts } = await apiCall<{ accounts: Array<{ id: string; accountName: string }> }>(
    server.url,
    user.token,
    '/api/accounts',
  );
  const facebook = accounts.find((account) => account.accountName === 'Postloom Demo Page')?.id;
  for (const [accountId, content] of [
    [linkedin, '=SUM(A1:A3) is how we count our loaves'],
    [facebook, 'Fresh croissants every morning'],
  ] as const) {
    const { post } = await apiCall<{ post: { id: string } }>(server.url, user.token, '/api/posts', {
      socialAccountId: accountId,
      content,
      action: 'publish',
    });
    await expect
      .poll(
        async () =>
          (await apiCall<{ post: { status: string } }>(server.url, user.token, `/api/posts/${post.id}`)).post
            .status,
      )
      .toBe('posted');
  }

  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('TikTok analytics are temporarily unavailable');
  // This server's LinkedIn app does not ask for r_member_social: LinkedIn says why, and is not read.
  await expect(page.getByRole('note')).toContainText(
    "LinkedIn analytics are unavailable: LinkedIn lets only approved apps read a member's post numbers",
  );
  // Nothing read yet: Refresh asks the platforms (through the server) now.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(toast(page, 'Analytics refreshed!')).toBeVisible();
  const overview = page.locator('dl[aria-label="Overview"]');
  await expect(overview.getByText('Total posts')).toBeVisible();
  // Followers of the Page, read from the sandbox.
  await expect(overview.locator('dd').nth(0)).not.toHaveText('0');
  // The Facebook post (the LinkedIn one has no numbers to rank).
  await expect(page.getByRole('list', { name: 'Top posts' }).getByRole('listitem')).toHaveCount(1);

  // The chart is drawn (an SVG by apexcharts) with one point per day of the range.
  const chart = page.getByTestId('engagement-chart');
  await expect(chart.locator('svg.apexcharts-svg')).toBeVisible();
  const from = dayOf(Date.now() - 2 * 86_400_000);
  await page.getByRole('group', { name: 'Date range' }).getByLabel('From').fill(from);
  await expect(chart.locator('.apexcharts-xaxis-label')).toHaveCount(3);

  // Each Facebook Page is a row of its own (the user connected both demo Pages).
  const metrics = page.getByRole('region', { name: 'Platform metrics' });
  await expect(metrics.getByRole('rowheader')).toHaveText([
    /Postloom Demo Page/,
    /Postloom Demo Shop/,
    /LinkedIn/,
  ]);
  // One account alone: its row, its posts.
  await page.getByRole('combobox', { name: 'Account' }).selectOption(facebook!);
  await expect(metrics.getByRole('rowheader')).toHaveText([/Postloom Demo Page/]);
  await expect(page.getByRole('list', { name: 'Top posts' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: 'Facebook' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Account' }).selectOption('');
  await expect(metrics.getByRole('rowheader')).toHaveCount(3);

  // X alone answers its numbers (none posted here): no refusal.
  await page.getByRole('checkbox', { name: 'X' }).check();
  await expect(metrics.getByText('No connected accounts on these platforms yet.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'X' }).uncheck();
  await expect(metrics.getByRole('rowheader')).toHaveCount(3);

  // Sent Posts shows each post's numbers as read.
  await page.getByRole('link', { name: 'Sent Posts' }).click();
  await expect(page.getByText(/^Post metrics: \d+ likes · \d+ comments · \d+ shares/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Analytics' }).click();
  await page.getByRole('group', { name: 'Date range' }).getByLabel('From').fill(from);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`analytics_${from}_${today}.csv`);
  await expect(toast(page, 'Analytics exported successfully!')).toBeVisible();
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    '"Type","Date","Platform","Account","Post ID","Content","URL","Followers","Likes","Comments","Shares","Views","Engagement"',
  );
  expect(lines.filter((line) => line.startsWith('"post"'))).toHaveLength(2);
  expect(csv).toContain(`"'=SUM(A1:A3) is how we count our loaves"`);
  expect(lines.filter((line) => line.startsWith('"day"'))).toHaveLength(3);
});
