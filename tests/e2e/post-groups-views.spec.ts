import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { control } from '../../server/sandbox/sandbox-testing';
import { addDays, utcToZonedTime, zonedTimeToUtc } from '../../shared/time/zoned-time';
import { monthDays, monthGrid, weekDays } from '../../webapp/features/calendar/lib/calendar-dates';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

/**
 * Issue 23, groups in every view: a post composed once for X, two Facebook Pages and Instagram
 * is one entry on the dashboard and Sent Posts, one calendar chip with four icons, one
 * notification, each account with its own fate.
 */

let sandbox: RunningSandbox;
let server: RunningServer;

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
  server = await startServer({ SANDBOX_URL: sandbox.url, PUBLISH_RETRY_BASE_MS: '200' });
});
test.afterAll(async () => {
  await server?.stop();
  await sandbox?.close();
});
test.afterEach(async () => {
  await control(sandbox, '/faults', undefined, 'DELETE');
});

interface Group {
  id: string;
  posts: Array<{ id: string; platform: string; status: string; scheduledAt: string | null }>;
}

/** A user (UTC, 24h) with X, both demo Facebook Pages and Instagram, signed in in the browser. */
async function fourAccounts(context: BrowserContext, email: string) {
  const user = await createConfirmedUser(server, email);
  await apiCall(server.url, user.token, '/api/settings/preferences', { timeFormat: '24h' }, 'PATCH');
  const accounts: string[] = [];
  for (const platform of ['twitter', 'facebook', 'instagram'])
    accounts.push(...(await connectSandboxAccount(server.url, user.token, platform)));
  expect(accounts).toHaveLength(4);
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { user, accounts };
}

/** One request, four posts: a photo (Instagram needs one) and the shared text. */
async function createGroup(user: HttpUser, accounts: string[], content: string, scheduledAt: string) {
  const bytes = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'square.jpg');
  const uploaded = await fetch(`${server.url}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { media } = (await uploaded.json()) as { media: { id: string } };
  const { group } = await apiCall<{ group: Group }>(server.url, user.token, '/api/post-groups', {
    accountIds: accounts,
    shared: { content, media: [media.id] },
    action: 'schedule',
    scheduledAt,
  });
  expect(group.posts).toHaveLength(4);
  return group;
}

function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

test('a four-account group is one dashboard entry and one calendar chip with four icons, moved as one, then deleted', async ({
  page,
  context,
}, testInfo) => {
  const { user, accounts } = await fourAccounts(context, 'group-views@example.com');
  const today = utcToZonedTime(Date.now(), 'UTC').date;
  const from = addDays(today, 1);
  const to = addDays(today, 2);
  const group = await createGroup(
    user,
    accounts,
    'Four accounts, one post',
    zonedTimeToUtc({ date: from, hour: 10, minute: 15 }, 'UTC').toISOString(),
  );

  // The dashboard: one entry, each account with its status.
  await page.goto(`${server.url}/dashboard`);
  const entry = page.getByRole('article', { name: 'Post to 4 accounts' });
  await expect(entry.getByText('Four accounts, one post')).toBeVisible();
  await expect(page.getByText('1 post', { exact: true })).toBeVisible();
  const rows = entry.getByRole('list', { name: 'Accounts' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'X' }).getByText('Scheduled')).toBeVisible();
  await expect(rows.filter({ hasText: 'Facebook' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Instagram' }).getByText('Scheduled')).toBeVisible();
  await expect(entry.getByTestId('platform-icons').locator('span')).toHaveCount(4);
  await page.screenshot({ path: testInfo.outputPath('dashboard-group-1280.png'), fullPage: true });

  // The calendar: one chip with four network icons that expands to four rows.
  await page.setViewportSize({ width: 1280, height: 1200 });
  await page.goto(`${server.url}/calendar`);
  const needsNext = !monthGrid(today).includes(to);
  if (needsNext) await page.getByRole('button', { name: 'Next', exact: true }).click();
  const chip = page.getByRole('button', { name: /^10:15 post to 4 accounts: Four accounts, one post/ });
  await expect(chip).toHaveCount(1);
  await expect(chip.getByTestId('platform-icons').locator('span')).toHaveCount(4);
  const expand = page.getByRole('button', { name: 'The 4 accounts' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expand.click();
  await expect(expand).toHaveAttribute('aria-expanded', 'true');
  const expanded = page.getByRole('list', { name: 'Accounts of this post' });
  await expect(expanded.getByRole('listitem')).toHaveCount(4);
  await expect(expanded.getByText('Scheduled')).toHaveCount(4);
  await page.keyboard.press('Escape');
  await expect(expanded).toHaveCount(0);
  await expect(expand).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });
  await chip.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expand.click();
  await expect(expanded.getByRole('listitem')).toHaveCount(4);
  await page.screenshot({ path: testInfo.outputPath('calendar-group-expanded-1280.png') });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 1200 });

  // Dragged to the next day: all four move, at the same time of day.
  const targetCell = page.getByRole('button', { name: `${longLabel(to)}: create a post` });
  await drag(page, chip, targetCell);
  await expect(toast(page, 'Post moved to')).toBeVisible();
  const moved = await apiCall<{ group: Group }>(server.url, user.token, `/api/post-groups/${group.id}`);
  expect(moved.group.posts.map((post) => utcToZonedTime(Date.parse(post.scheduledAt!), 'UTC'))).toEqual(
    Array(4).fill({ date: to, hour: 10, minute: 15 }),
  );
  await page.reload();
  if (needsNext) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(chip).toHaveCount(1);
  const cell = page.locator('div').filter({ has: targetCell }).filter({ has: chip }).last();
  await expect(cell).toBeVisible();

  // The week view: one chip in its hour.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  if (!weekDays(today).includes(to)) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(chip).toHaveCount(1);
  await chip.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.getByRole('button', { name: 'The 4 accounts' }).click();
  await expect(page.getByRole('list', { name: 'Accounts of this post' }).getByRole('listitem')).toHaveCount(
    4,
  );
  await page.screenshot({ path: testInfo.outputPath('calendar-group-week-1280.png') });
  await page.keyboard.press('Escape');

  // The phone's list view: one row that lists the four accounts in place.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/calendar`);
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  if (!monthDays(today).includes(to)) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('button', { name: /^10:15 post to 4 accounts/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'The 4 accounts' }).click();
  await expect(page.getByRole('list', { name: 'Accounts of this post' }).getByRole('listitem')).toHaveCount(
    4,
  );
  await page.screenshot({ path: testInfo.outputPath('calendar-group-list-390.png'), fullPage: true });
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByRole('article', { name: 'Post to 4 accounts' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('dashboard-group-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete asks which: this account only (Instagram), then all not yet sent.
  await page
    .getByRole('article', { name: 'Post to 4 accounts' })
    .getByRole('button', { name: 'Delete' })
    .click();
  let dialog = page.getByRole('dialog', { name: 'Delete post' });
  await expect(dialog.getByRole('radio', { name: /All not yet sent/ })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('radio', { name: /This account only/ }).check();
  await page.screenshot({ path: testInfo.outputPath('delete-group-1280.png') });
  const instagram = group.posts.find((post) => post.platform === 'instagram')!;
  await dialog.getByLabel('Account to delete').selectOption(instagram.id);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Post and associated media deleted successfully!')).toBeVisible();
  const three = page.getByRole('article', { name: 'Post to 3 accounts' });
  await expect(three.getByRole('list', { name: 'Accounts' }).getByRole('listitem')).toHaveCount(3);
  await expect(three.getByText('Instagram')).toHaveCount(0);

  // The keyboard alone: "All not yet sent" is chosen first.
  await three.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: 'Delete post' });
  await expect(dialog.getByRole('radio', { name: /All not yet sent/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, '3 posts and associated media deleted successfully!')).toBeVisible();
  await expect(page.getByText('No upcoming posts')).toBeVisible();
  await expect(
    (
      await fetch(`${server.url}/api/post-groups/${group.id}`, {
        headers: { authorization: `Bearer ${user.token}` },
      })
    ).status,
  ).toBe(404);
});

test('a group published with X failing is one Sent entry and one notification, with each account’s fate', async ({
  page,
  context,
}, testInfo) => {
  const { user, accounts } = await fourAccounts(context, 'group-failure@example.com');
  await control(sandbox, '/faults', {
    platform: 'twitter',
    method: 'POST',
    pathSuffix: '/2/tweets',
    kind: 'status',
    status: 403,
    times: 0,
    body: {
      title: 'Forbidden',
      detail: 'You are not permitted to post this.',
      type: 'about:blank',
      status: 403,
    },
  });
  await page.goto(`${server.url}/sent`);
  await expect(page.getByText('No sent posts found')).toBeVisible();
  await createGroup(user, accounts, 'Out to four, one refused', new Date(Date.now() + 5000).toISOString());

  // No reload: the live stream brings the entry and the notification.
  const entry = page.getByRole('article', { name: 'Post to 4 accounts' });
  await expect(entry.getByText('Posted to 3 of 4 accounts')).toBeVisible({ timeout: 30_000 });
  const rows = entry.getByRole('list', { name: 'Accounts' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  const x = rows.filter({ hasText: 'X' });
  await expect(x.getByText('Failed', { exact: true })).toBeVisible();
  await expect(x.getByText('You are not permitted to post this.')).toBeVisible();
  await expect(x.getByRole('button', { name: 'Fix and retry' })).toBeVisible();
  await expect(rows.getByText('Posted', { exact: true })).toHaveCount(3);
  await expect(entry.getByRole('link', { name: /^View post on (Facebook|Instagram)/ })).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath('sent-group-1280.png'), fullPage: true });

  // One notification, one unread, each account in it.
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  await page.getByRole('button', { name: /Notifications/ }).click();
  const panel = page.getByRole('region', { name: 'Notifications', exact: true });
  const note = panel.getByRole('listitem').filter({ hasText: 'Posted to 3 of 4 accounts' });
  await expect(panel.getByText('Posted to 3 of 4 accounts')).toHaveCount(1);
  const noteRows = note.getByRole('list', { name: 'Accounts' }).getByRole('listitem');
  await expect(noteRows).toHaveCount(4);
  await expect(
    noteRows.filter({ hasText: 'X' }).getByText('You are not permitted to post this.'),
  ).toBeVisible();
  await expect(noteRows.getByText('Posted', { exact: true })).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath('notification-group-1280.png') });

  // "View post" opens the group's details: each account's status and link.
  await note.getByRole('link', { name: 'View post', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Post details' });
  await expect(details.getByText('Posted to 3 of 4 accounts')).toBeVisible();
  await expect(details.getByRole('link', { name: /^View post on / })).toHaveCount(3);
  await expect(details.getByText('You are not permitted to post this.')).toBeVisible();
  await expect(page).toHaveURL(/\/sent\?group=[\w-]+$/);
  await page.screenshot({ path: testInfo.outputPath('group-details-1280.png') });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /Notifications/ }).click();
  await expect(panel.getByText('Posted to 3 of 4 accounts')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('notification-group-390.png') });
  await panel.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: testInfo.outputPath('sent-group-390.png'), fullPage: true });
});

function longLabel(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** A pointer drag in small steps, as dnd-kit's pointer sensor needs to see it move. */
async function drag(page: Page, source: Locator, target: Locator) {
  // Away from the window's edges: dnd-kit scrolls the page while a drag nears one.
  await source.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(
      from.x + from.width / 2 + ((to.x + to.width / 2 - from.x - from.width / 2) * i) / steps,
      from.y + from.height / 2 + ((to.y + 30 - from.y - from.height / 2) * i) / steps,
    );
  }
  await page.mouse.up();
}
