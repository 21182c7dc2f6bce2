import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { addDays, utcToZonedTime, zonedTimeToUtc } from '../../shared/time/zoned-time';
import { monthDays, monthGrid } from '../../webapp/features/calendar/lib/calendar-dates';
import { apiCall, connectSandboxAccount, createConfirmedUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

const ZONE = 'Europe/Berlin';
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

/** A confirmed user in Berlin, 24h, signed in in the browser, with the default schedule. */
async function signedIn(context: BrowserContext, email: string, platforms: string[] = []) {
  const user = await createConfirmedUser(server, email);
  await apiCall(
    server.url,
    user.token,
    '/api/settings/preferences',
    { timezone: ZONE, timeFormat: '24h' },
    'PATCH',
  );
  await apiCall(server.url, user.token, '/api/schedule');
  const accounts: string[] = [];
  for (const platform of platforms)
    accounts.push(...(await connectSandboxAccount(server.url, user.token, platform)));
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { user, page, accounts };
}

function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

test('posting times are added and deleted with the spec toasts', async ({ context }) => {
  const { page } = await signedIn(context, 'schedule-times@example.com');
  await page.getByRole('link', { name: 'Posting Schedule', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Posting Schedule' })).toBeVisible();
  const tuesday = page.getByRole('region', { name: 'Tuesday' });
  await expect(tuesday.getByText('09:00')).toBeVisible();

  // On the 24-hour clock the form offers 00-23 and no AM/PM.
  const form = page.getByRole('form', { name: 'Add posting time' });
  await expect(form.getByLabel('AM/PM')).toHaveCount(0);
  await expect(form.getByLabel('Hour').locator('option')).toHaveText(
    Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
  );
  await form.getByLabel('Hour').selectOption('16');
  await form.getByLabel('Minute').selectOption('30');
  await form.getByLabel('Day').selectOption({ label: 'Tuesday' });
  await form.getByRole('button', { name: 'Add Time' }).click();
  await expect(toast(page, 'Posting time added!')).toBeVisible();
  await expect(tuesday.getByText('16:30')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Monday' }).getByText('16:30')).toHaveCount(0);

  await tuesday.getByRole('button', { name: 'Delete 16:30 on Tuesday' }).click();
  await expect(toast(page, 'Posting time deleted!')).toBeVisible();
  await expect(tuesday.getByText('16:30')).toHaveCount(0);

  // The 12-hour clock shows every time in it.
  await page.getByRole('button', { name: '12-hour' }).click();
  await expect(toast(page, 'Preferences saved!')).toBeVisible();
  await expect(tuesday.getByText('9:00 AM')).toBeVisible();
  // ... and the form 01-12 with AM/PM, keeping the chosen hour (16 is 4 PM).
  await expect(form.getByLabel('Hour').locator('option')).toHaveCount(12);
  await expect(form.getByLabel('Hour')).toHaveValue('4');
  await expect(form.getByLabel('AM/PM')).toHaveValue('PM');
});

test('the calendar switches between month and week, and a click on a future day creates a post there', async ({
  context,
}) => {
  const { page } = await signedIn(context, 'calendar-create@example.com', ['linkedin']);
  await page.getByRole('link', { name: 'Calendar View' }).click();
  const today = utcToZonedTime(Date.now(), ZONE).date;
  const monthTitle = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${today}T12:00:00Z`));
  await expect(page.getByRole('heading', { name: monthTitle })).toBeVisible();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.getByRole('heading', { name: /–/ })).toBeVisible();
  await expect(page.getByText('23:00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(page.getByRole('heading', { name: monthTitle })).toBeVisible();

  // Tomorrow, or the day after when tomorrow is in next month's grid already.
  const target = addDays(today, 1);
  const label = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${target}T12:00:00Z`));
  await page
    .getByRole('button', { name: `${label}: create a post` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button', { name: /LinkedIn/ })
    .first()
    .click();
  await expect(dialog.getByTestId('scheduled-date')).toContainText(
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${target}T12:00:00Z`),
    ),
  );
  await dialog.getByRole('textbox').first().fill('Made from the calendar');
  await dialog.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: /LinkedIn post: Made from the calendar/ })).toBeVisible();
});

test('a post dragged to another day keeps its time of day, also after a reload', async ({ context }) => {
  const { page, user, accounts } = await signedIn(context, 'calendar-drag@example.com', ['linkedin']);
  // The whole month in view: a drop in the window's bottom fifth makes the grid scroll itself
  // (dnd-kit's auto-scroll) under the pointer, and the post lands a week later.
  await page.setViewportSize({ width: 1280, height: 1200 });
  const today = utcToZonedTime(Date.now(), ZONE).date;
  const from = addDays(today, 1);
  const to = addDays(today, 2);
  const at = zonedTimeToUtc({ date: from, hour: 10, minute: 15 }, ZONE).toISOString();
  await apiCall(server.url, user.token, '/api/posts', {
    socialAccountId: accounts[0],
    content: 'Drag me along',
    action: 'schedule',
    scheduledAt: at,
  });
  // Near the end of a month the two days may only be in the next month's grid.
  const needsNext = !monthGrid(today).includes(to);
  await page.goto(`${server.url}/calendar`);
  const chip = page.getByRole('button', { name: /10:15 LinkedIn post: Drag me along/ });
  if (needsNext) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(chip).toBeVisible();
  const targetCell = page.getByRole('button', { name: `${longLabel(to)}: create a post` });
  await drag(page, chip, targetCell);
  await expect(toast(page, 'Post moved to')).toBeVisible();

  await page.reload();
  if (needsNext) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(chip).toBeVisible();
  // On the new day now, at the same 10:15.
  const cell = page.locator('div').filter({ has: targetCell }).filter({ has: chip }).last();
  await expect(cell).toBeVisible();
  const posts = await apiCall<{ posts: Array<{ scheduledAt: string; content: string }> }>(
    server.url,
    user.token,
    '/api/posts?view=upcoming',
  );
  const moved = posts.posts.find((post) => post.content === 'Drag me along');
  expect(moved && utcToZonedTime(Date.parse(moved.scheduledAt), ZONE)).toEqual({
    date: to,
    hour: 10,
    minute: 15,
  });
});

test("a sent post's details show it as posted with its View on link", async ({ context }) => {
  const { page, user, accounts } = await signedIn(context, 'calendar-sent@example.com', ['twitter']);
  const { post } = await apiCall<{ post: { id: string } }>(server.url, user.token, '/api/posts', {
    socialAccountId: accounts[0],
    content: 'Out in the world',
    action: 'publish',
  });
  const published = await apiCall<{ post: { platformPostUrl: string; status: string } }>(
    server.url,
    user.token,
    `/api/posts/${post.id}/publish`,
    {},
  );
  expect(published.post.status).toBe('posted');
  await page.goto(`${server.url}/calendar`);
  await page.getByRole('button', { name: /(X|Twitter) post: Out in the world/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Post details' });
  await expect(dialog.getByText('posted', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Out in the world')).toBeVisible();
  const link = dialog.getByRole('link', { name: 'View on X' });
  await expect(link).toHaveAttribute('href', published.post.platformPostUrl);
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(published.post.platformPostUrl);
  await expect(tab.getByText('Out in the world')).toBeVisible();
});

test('a phone opens the calendar as a list of the month, and a listed post opens its details', async ({
  context,
}) => {
  const { page, user, accounts } = await signedIn(context, 'calendar-phone@example.com', ['linkedin']);
  const today = utcToZonedTime(Date.now(), ZONE).date;
  const day = addDays(today, 1);
  await apiCall(server.url, user.token, '/api/posts', {
    socialAccountId: accounts[0],
    content: 'Read on a phone',
    action: 'schedule',
    scheduledAt: zonedTimeToUtc({ date: day, hour: 8, minute: 45 }, ZONE).toISOString(),
  });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.goto(`${server.url}/calendar`);
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('heading', { name: longLabel(today) })).toBeVisible();
  if (!monthDays(today).includes(day)) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: longLabel(day) })).toBeVisible();
  // The page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: /08:45 LinkedIn post: Read on a phone/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Post details' });
  await expect(dialog.getByText('Read on a phone')).toBeVisible();
  await expect(dialog.getByText('scheduled', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // The grids stay one tap away.
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(page.getByRole('button', { name: /08:45 LinkedIn post: Read on a phone/ })).toBeVisible();
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
