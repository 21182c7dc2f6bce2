import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { sandboxPublished } from '../support/publishing-support';
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

async function signedInUser(context: BrowserContext, email: string, platforms: string[]): Promise<HttpUser> {
  const user = await createConfirmedUser(server, email);
  for (const platform of platforms) await connectSandboxAccount(server.url, user.token, platform);
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  return user;
}

/** Two times of day (UTC, the test user's zone) 3 and 9 hours from now, sorted. */
function chosenTimes(): [string, string] {
  const hour = new Date().getUTCHours();
  const at = (h: number, m: string) => `${String(h % 24).padStart(2, '0')}:${m}`;
  return [at(hour + 3, '30'), at(hour + 9, '00')].sort() as [string, string];
}

/** The first weekday slot at these times from now, as the app writes it ('Nov 26, 2026 08:30'). */
function nextWeekdaySlot(times: string[]): string {
  const now = new Date();
  for (let offset = 0; offset < 8; offset++) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset));
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    for (const time of times) {
      const [hour, minute] = time.split(':').map(Number);
      const at = new Date(day.getTime() + (hour! * 60 + minute!) * 60_000);
      if (at.getTime() > now.getTime()) {
        const month = at.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
        return `${month} ${at.getUTCDate()}, ${at.getUTCFullYear()} ${time}`;
      }
    }
  }
  throw new Error('no slot');
}

async function addItem(page: Page, settings: Locator, platform: string, label: string, text: string) {
  await settings.getByRole('button', { name: 'Add Item' }).click();
  const editor = page.getByRole('dialog', { name: 'Add Item' });
  await expect(editor).toBeVisible();
  await expect(editor.getByText('Please select a platform to create your post.')).toBeVisible();
  await editor.getByRole('button', { name: platform, exact: true }).click();
  await editor.getByLabel(label, { exact: true }).fill(text);
  await expect(editor.getByRole('region', { name: 'Preview' }).getByText(text)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`queues-add-item-${platform}-1280.png`) });
  await editor.getByRole('button', { name: 'Add to queue' }).click();
  // The previous item's toast may still be showing: the newest is the last one.
  await expect(page.getByText('Item added to the queue').last()).toBeVisible();
  await expect(editor).toBeHidden();
}

test('a queue is created to post at chosen times, shows its next run, gets two items that wait for it, is reordered, paused and resumed, and posts its next item now', async ({
  page,
  context,
}, testInfo) => {
  await signedInUser(context, 'queue-story@example.com', ['twitter', 'linkedin']);
  await page.goto(`${server.url}/automated-queues`);
  await expect(page.getByRole('heading', { level: 1, name: 'Automated Queues' })).toBeVisible();
  await expect(page.getByText('No queues yet')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('queues-empty-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('queues-empty-375.png'), fullPage: true });
  await page.getByRole('button', { name: 'Create Queue' }).click();
  await page.screenshot({ path: testInfo.outputPath('queues-create-375.png') });
  await page.getByRole('dialog', { name: 'Create Queue' }).getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Create Queue: the name is required.
  await page.getByRole('button', { name: 'Create Queue' }).click();
  const create = page.getByRole('dialog', { name: 'Create Queue' });
  await create.getByRole('button', { name: 'Create Queue' }).click();
  await expect(create.getByText('Please enter a queue name.')).toBeVisible();
  await create.getByLabel('Name').fill('Evergreen tips');
  await create.getByLabel('Description (optional)').fill('Advice worth repeating');
  await create.getByRole('radio', { name: /Repeatable/ }).check();
  // Every 24 hours shows its first run a day ahead; chosen times show theirs (the user is on UTC).
  await expect(create.getByRole('status').filter({ hasText: /^First run: / })).toBeVisible();
  await create.getByRole('radio', { name: /At times I choose/ }).check();
  // Times hours away from now, so no run comes during the story.
  const times = chosenTimes();
  await create.getByLabel('Time 1', { exact: true }).selectOption(times[1]);
  await create.getByRole('button', { name: 'Add a time' }).click();
  await create.getByLabel('Time 2', { exact: true }).selectOption(times[0]);
  await create.getByRole('button', { name: 'Sunday' }).click();
  await create.getByRole('button', { name: 'Saturday' }).click();
  await expect(create.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'false');
  const firstRun = nextWeekdaySlot(times);
  const rhythm = `Weekdays at ${times[0]} and ${times[1]}`;
  await expect(create.getByRole('status').filter({ hasText: `First run: ${firstRun}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('queues-create-times-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('queues-create-times-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await create.getByRole('button', { name: 'Create Queue' }).click();
  await expect(page.getByText('Queue created successfully!')).toBeVisible();

  // The new queue's settings dialog opens with its next run, before any item is there.
  const settings = page.getByRole('dialog', { name: 'Queue settings' });
  await expect(settings).toBeVisible();
  await expect(settings.getByTestId('settings-next-run')).toHaveText(
    `Next run: ${firstRun} (add an item to post then) · ${rhythm}`,
  );
  await expect(settings.getByText('Items you add wait for the next run.')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Post next item now' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('queues-settings-empty-1440.png') });
  await settings.getByRole('button', { name: 'Done' }).click();
  const card = page.getByRole('article', { name: 'Queue Evergreen tips' });
  await expect(card.getByText(rhythm)).toBeVisible();
  await expect(card.getByTestId('next-run')).toHaveText(`Next run: ${firstRun} (add an item to post then)`);
  await page.screenshot({ path: testInfo.outputPath('queues-list-1280.png') });

  // Items added to the active queue wait for the run: nothing goes out when they are added.
  await card.getByRole('button', { name: 'Edit queue Evergreen tips' }).click();
  await expect(settings).toBeVisible();
  await addItem(page, settings, 'X', 'Tweet text', 'Tip A: schedule your best posts again.');
  await expect(settings).toBeVisible();
  await addItem(page, settings, 'LinkedIn', 'Caption', 'Tip B: evergreen content keeps working.');
  const items = settings.getByRole('list', { name: 'Queue items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Tip A');
  await expect(items.nth(1)).toContainText('Tip B');
  await page.screenshot({ path: testInfo.outputPath('queues-settings-1280.png') });

  // Reorder with the keyboard (dnd-kit): pick up item 2, move it up, drop it.
  await settings.getByRole('button', { name: 'Reorder item 2' }).focus();
  // Each step waits for dnd-kit's screen-reader announcement, as a listener would.
  await page.keyboard.press('Space');
  await expect(page.getByText(/^Picked up "Tip B/)).toBeAttached();
  // dnd-kit starts listening for arrow keys a task after the pick-up, which a busy machine can
  // delay past the announcement: press again until it moves (at the top, ArrowUp stays put).
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(/is over position 1 of 2\.$/)).toBeAttached({ timeout: 1000 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect(page.getByText(/dropped at position 1 of 2\.$/)).toBeAttached();
  await expect(items.nth(0)).toContainText('Tip B');
  await expect(items.nth(1)).toContainText('Tip A');
  await expect(settings).toBeVisible();
  // The order is stored: the server answers it.
  await expect
    .poll(async () => {
      const res = await page.request.get(`${server.url}/api/queues`);
      const { queues } = (await res.json()) as { queues: Array<{ items: Array<{ content: string }> }> };
      return queues[0]?.items.map((item) => item.content.slice(0, 5));
    })
    .toEqual(['Tip B', 'Tip A']);

  // Nothing went out on adding, and the next run is still the one shown before.
  await expect(settings.getByTestId('settings-next-run')).toHaveText(`Next run: ${firstRun} · ${rhythm}`);
  expect(await sandboxPublished(sandbox)).toEqual([]);

  // Pause and resume on the card: resuming sends nothing either.
  await settings.getByRole('button', { name: 'Done' }).click();
  await card.getByRole('button', { name: 'Pause queue Evergreen tips' }).click();
  await expect(page.getByText('Queue paused')).toBeVisible();
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Resume queue Evergreen tips' }).click();
  await expect(page.getByText('Queue resumed')).toBeVisible();
  await expect(card.getByTestId('next-run')).toHaveText(`Next run: ${firstRun}`);
  expect(await sandboxPublished(sandbox)).toEqual([]);

  // Post next item now: the first item (now Tip B, LinkedIn) goes out through the engine.
  await card.getByRole('button', { name: 'Edit queue Evergreen tips' }).click();
  await expect(settings).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('queues-settings-times-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('queues-settings-times-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await settings.getByRole('button', { name: 'Post next item now' }).click();
  await expect(page.getByText('Posting the next item now')).toBeVisible();
  const published = items.filter({ hasText: 'Tip B' });
  const link = published.getByRole('link', { name: 'View post' });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expect(link).toHaveAttribute('href', /\/www\.linkedin\.com\/feed\/update\/urn:li:share:\d+/);
  await expect(published.getByText(/^Last sent /)).toBeVisible();
  // The published item moved to the end; Tip A is up next.
  await expect(items.nth(0)).toContainText('Tip A');
  await expect(items.nth(0).getByText('Up next')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('queues-published-1280.png') });
  const sent = await sandboxPublished(sandbox);
  expect(sent.map((post) => [post.platform, post.text])).toEqual([
    ['linkedin', 'Tip B: evergreen content keeps working.'],
  ]);
  // The planned run stays where it was.
  await expect(settings.getByTestId('settings-next-run')).toHaveText(`Next run: ${firstRun} · ${rhythm}`);

  // The same screens on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('queues-settings-375.png') });
  await settings.getByRole('button', { name: 'Edit item 1' }).click();
  const editItem = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(editItem.getByLabel('Tweet text', { exact: true })).toHaveValue(
    'Tip A: schedule your best posts again.',
  );
  await page.screenshot({ path: testInfo.outputPath('queues-item-editor-375.png') });
  await editItem.getByLabel('Tweet text', { exact: true }).fill('x'.repeat(281));
  await expect(editItem.getByText('Your tweet is too long')).toBeVisible();
  await expect(editItem.getByRole('button', { name: 'Save item' })).toBeDisabled();
  await editItem.getByLabel('Tweet text', { exact: true }).fill('Tip A, edited.');
  await editItem.getByRole('button', { name: 'Save item' }).click();
  await expect(page.getByText('Item updated')).toBeVisible();
  await expect(items.nth(0)).toContainText('Tip A, edited.');
  await settings.getByRole('button', { name: 'Done' }).click();
  await page.screenshot({ path: testInfo.outputPath('queues-list-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete an item (inline confirmation), then the queue (confirm dialog).
  await card.getByRole('button', { name: 'Edit queue Evergreen tips' }).click();
  await settings.getByRole('button', { name: 'Delete item 1' }).click();
  await settings.getByRole('button', { name: 'Delete item', exact: true }).click();
  await expect(page.getByText('Item deleted')).toBeVisible();
  await expect(items).toHaveCount(1);
  await settings.getByRole('button', { name: 'Done' }).click();
  await card.getByRole('button', { name: 'Delete queue Evergreen tips' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete queue' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Queue deleted successfully!')).toBeVisible();
  await expect(page.getByText('No queues yet')).toBeVisible();
});

test('reordering works with the mouse too', async ({ page, context }) => {
  const user = await signedInUser(context, 'queue-drag@example.com', ['twitter']);
  const { queue } = await apiCall<{ queue: { id: string } }>(server.url, user.token, '/api/queues', {
    name: 'Drag me',
    isRepeatable: true,
  });
  await apiCall(server.url, user.token, `/api/queues/${queue.id}`, { isActive: false }, 'PATCH');
  const { accounts } = await apiCall<{ accounts: Array<{ id: string }> }>(
    server.url,
    user.token,
    '/api/accounts',
  );
  for (const content of ['One', 'Two', 'Three']) {
    await apiCall(server.url, user.token, `/api/queues/${queue.id}/items`, {
      socialAccountId: accounts[0]?.id,
      content,
    });
  }
  await page.goto(`${server.url}/automated-queues`);
  await page.getByRole('button', { name: 'Edit queue Drag me' }).click();
  const items = page.getByRole('list', { name: 'Queue items' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  const handle = page.getByRole('button', { name: 'Reorder item 3' });
  await handle.scrollIntoViewIfNeeded();
  const target = await items.nth(0).boundingBox();
  const start = await handle.boundingBox();
  if (!target || !start) throw new Error('no boxes');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y - 10, { steps: 5 });
  await page.mouse.move(start.x + start.width / 2, target.y + 5, { steps: 10 });
  await page.mouse.up();
  await expect(items.nth(0)).toContainText('Three');
  await expect
    .poll(async () => {
      const { queues } = await apiCall<{ queues: Array<{ items: Array<{ content: string }> }> }>(
        server.url,
        user.token,
        '/api/queues',
      );
      return queues[0]?.items.map((item) => item.content);
    })
    .toEqual(['Three', 'One', 'Two']);
  // Alt+Arrow moves the focused item at once.
  await page.getByRole('button', { name: 'Reorder item 1' }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(items.nth(1)).toContainText('Three');
});

test('a failed load shows "Something went wrong" and "Try again" loads the queues', async ({
  page,
  context,
}) => {
  await signedInUser(context, 'queue-error@example.com', []);
  let fail = true;
  await page.route('**/api/queues', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"code":"internal_error","message":"x"}',
        })
      : route.continue(),
  );
  await page.goto(`${server.url}/automated-queues`);
  await expect(page.getByText('Something went wrong')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Failed to fetch queues')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No queues yet')).toBeVisible();
});
