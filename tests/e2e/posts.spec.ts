import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import sharp from 'sharp';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { control } from '../../server/sandbox/sandbox-testing';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

dayjs.extend(utc);

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

/** A confirmed user with sandbox accounts of `platforms`, signed in in the browser context. */
async function signedInUser(context: BrowserContext, email: string, platforms: string[]): Promise<HttpUser> {
  const user = await createConfirmedUser(server, email);
  for (const platform of platforms) await connectSandboxAccount(server.url, user.token, platform);
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  return user;
}

/** Small real JPEGs, different colours so they are different files. */
async function jpeg(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 48, height: 32, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function openComposer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Create new post' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Post' });
  await expect(modal).toBeVisible();
  return modal;
}

/** Opens the date/time picker and chooses tomorrow 09:00 in the user's zone (UTC for these users). */
async function scheduleTomorrowAtNine(modal: Locator) {
  await modal.getByRole('button', { name: 'Edit scheduled date' }).click();
  const tomorrow = dayjs.utc().add(1, 'day');
  const day = modal.getByRole('button', { name: tomorrow.format('dddd, MMMM D, YYYY'), exact: true });
  if (!(await day.isVisible())) await modal.getByRole('button', { name: 'Next month' }).click();
  await day.click();
  await modal.getByRole('button', { name: 'Set Time' }).click();
  const amPm = modal.getByLabel('AM/PM');
  if (await amPm.isVisible()) {
    await modal.getByLabel('Hour').selectOption('9');
    await amPm.selectOption('AM');
  } else {
    await modal.getByLabel('Hour').selectOption('9');
  }
  await modal.getByLabel('Minute').selectOption('0');
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal.getByTestId('scheduled-date')).toHaveText(
    new RegExp(`${tomorrow.format('MMM D, YYYY')} (09:00|9:00 AM)`),
  );
  return tomorrow;
}

test('a new user schedules a three-tweet thread with an image, edits it and deletes it', async ({
  page,
  context,
}) => {
  const user = await signedInUser(context, 'thread-story@example.com', ['twitter']);
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Content Calendar' })).toBeVisible();
  await expect(page.getByText('Welcome', { exact: true })).toBeVisible();

  const modal = await openComposer(page);
  await expect(modal.getByText('Please select a platform to create your post.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Schedule Post' })).toBeDisabled();
  await modal.getByRole('button', { name: /^X: / }).click();
  await expect(modal.getByText('Please select a platform to create your post.')).toBeHidden();

  // Tweet 1 with an image; the counter turns red with the spec's message when too long.
  const first = modal.getByLabel('Tweet text', { exact: true });
  await first.fill('x'.repeat(281));
  await expect(modal.getByText('Your tweet is too long')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Schedule Post' })).toBeDisabled();
  await first.fill('Launching our new planner today 🚀');
  await expect(modal.getByText('Your tweet is too long')).toBeHidden();
  await modal.getByLabel('Add media').setInputFiles(await jpeg('launch.jpg', '#3366cc'));
  await expect(
    modal.getByRole('list', { name: 'Attached media' }).getByRole('img', { name: 'launch.jpg' }),
  ).toBeVisible();
  await expect(modal.getByRole('progressbar')).toHaveCount(0);

  await modal.getByRole('button', { name: 'Add Tweet' }).click();
  await modal.getByLabel('Tweet 2 text').fill('It schedules threads like this one.');
  await modal.getByRole('button', { name: 'Add Tweet' }).click();
  await modal.getByLabel('Tweet 3 text').fill('And it keeps them in your timezone.');
  await expect(modal.getByRole('tab')).toHaveText(['Tweet', 'Tweet 2', 'Tweet 3']);

  // Keyboard reordering: Alt+Left moves the third tweet up, Alt+Right moves it back.
  await modal.getByRole('tab', { name: 'Tweet 3' }).focus();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(modal.getByLabel('Tweet 2 text')).toHaveValue('And it keeps them in your timezone.');
  await expect(modal.getByRole('tab', { name: 'Tweet 2' })).toBeFocused();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(modal.getByLabel('Tweet 3 text')).toHaveValue('And it keeps them in your timezone.');

  // Tweet 2 takes at most 4 media files: a fifth is refused with the spec's message.
  await modal.getByRole('tab', { name: 'Tweet 2' }).click();
  const five = await Promise.all(
    ['#111111', '#222222', '#333333', '#444444', '#555555'].map((c, i) => jpeg(`t2-${i}.jpg`, c)),
  );
  await modal.getByLabel('Add media').setInputFiles(five);
  await expect(modal.getByText('Maximum 4 media files per tweet')).toBeVisible();
  await expect(modal.getByRole('list', { name: 'Attached media' }).getByRole('listitem')).toHaveCount(4);
  await expect(modal.getByRole('progressbar')).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Remove Tweet 2' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Remove Tweet', exact: true })).toHaveCount(0);

  // The preview is shaped like a thread: three posts in order.
  const preview = modal.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Launching our new planner today 🚀')).toBeVisible();
  await expect(preview.getByText('And it keeps them in your timezone.')).toBeVisible();

  const tomorrow = await scheduleTomorrowAtNine(modal);
  await modal.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByText('Post scheduled successfully!')).toBeVisible();
  await expect(modal).toBeHidden();

  // The dashboard lists it with Edit Thread, Delete and Post Now, at tomorrow 09:00.
  const card = page.getByRole('article', { name: 'X post' });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Launching our new planner today 🚀')).toBeVisible();
  await expect(card.getByText(new RegExp(`${tomorrow.format('MMM D, YYYY')} (09:00|9:00 AM)`))).toBeVisible();
  await expect(card.getByRole('img', { name: 'launch.jpg' })).toBeVisible();
  // Five media in the thread: four previews, the last with a '+1' overlay.
  await expect(card.getByRole('img')).toHaveCount(4);
  await expect(card.getByText('+1', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Post Now' })).toBeVisible();

  const { posts } = await apiCall<{ posts: Array<{ id: string; tweets: unknown[]; scheduledAt: string }> }>(
    server.url,
    user.token,
    '/api/posts?view=upcoming',
  );
  expect(posts).toHaveLength(1);
  expect(posts[0]?.tweets).toHaveLength(3);
  expect(posts[0]?.scheduledAt).toBe(tomorrow.hour(9).minute(0).second(0).millisecond(0).toISOString());

  // Edit: the same modal loads the thread; saving updates the same row.
  await card.getByRole('button', { name: 'Edit Thread' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Post' });
  await expect(editor.getByLabel('Tweet text', { exact: true })).toHaveValue(
    'Launching our new planner today 🚀',
  );
  await editor.getByRole('tab', { name: 'Tweet 2' }).click();
  await editor.getByLabel('Tweet 2 text').fill('It schedules threads, edited.');
  await editor.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByText('Post updated successfully!')).toBeVisible();
  const after = await apiCall<{ post: { id: string; tweets: Array<{ content: string }> } }>(
    server.url,
    user.token,
    `/api/posts/${posts[0]?.id}`,
  );
  expect(after.post.tweets.map((t) => t.content)).toEqual([
    'Launching our new planner today 🚀',
    'It schedules threads, edited.',
    'And it keeps them in your timezone.',
  ]);

  // Delete with confirmation.
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete post' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Post and associated media deleted successfully!')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No upcoming posts')).toBeVisible();
});

test('a LinkedIn article is saved as a draft and listed under Drafts without Post Now', async ({
  page,
  context,
}) => {
  await signedInUser(context, 'article-story@example.com', ['linkedin']);
  await page.goto(`${server.url}/dashboard`);
  let modal = await openComposer(page);

  // A platform without a connected account: the preview says so and every action is disabled.
  await modal.getByRole('button', { name: 'Facebook (not connected)' }).click();
  await expect(modal.getByText('No Facebook account connected')).toBeVisible();
  for (const name of ['Save as draft', 'Post Now', 'Schedule Post']) {
    await expect(modal.getByRole('button', { name })).toBeDisabled();
  }
  // Its connect button closes the composer and opens the Connect Account modal.
  await modal.getByRole('button', { name: 'Connect Facebook' }).click();
  await expect(page.getByRole('dialog', { name: /Connect Account/ })).toBeVisible();
  await expect(modal).toBeHidden();
  await page.keyboard.press('Escape');

  modal = await openComposer(page);
  await modal.getByRole('button', { name: /^LinkedIn: / }).click();
  await modal.getByText('Article', { exact: true }).click();

  // Escape closes the date/time picker only, not the composer around it.
  await modal.getByRole('button', { name: 'Edit scheduled date' }).click();
  await expect(modal.getByRole('button', { name: 'Set Time' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal.getByRole('button', { name: 'Set Time' })).toBeHidden();
  await expect(modal).toBeVisible();

  // Without the article URL every action is disabled (spec 02 section 5).
  await expect(modal.getByRole('button', { name: 'Save as draft' })).toBeDisabled();
  await expect(modal.getByRole('button', { name: 'Post Now' })).toBeDisabled();
  await modal.getByLabel('Article URL').fill('https://example.com/blog/scheduling');
  await modal.getByLabel('Article title').fill('How we schedule');
  await modal.getByLabel('Article description').fill('A short story about calendars.');

  // The caption counter counts down from 1300 and turns red past it.
  const caption = modal.getByLabel('Caption');
  await caption.fill('y'.repeat(1301));
  await expect(modal.getByText('Your caption is too long')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Save as draft' })).toBeDisabled();
  await caption.fill('Our notes on scheduling, worth a read.');
  await expect(modal.getByText('1262')).toBeVisible();
  const preview = modal.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('How we schedule')).toBeVisible();
  await expect(preview.getByText('example.com')).toBeVisible();

  await modal.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Draft saved successfully!')).toBeVisible();
  await expect(modal).toBeHidden();

  await page.getByLabel('Status').selectOption('draft');
  const card = page.getByRole('article', { name: 'LinkedIn post' });
  await expect(card.getByText('Our notes on scheduling, worth a read.')).toBeVisible();
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit Post' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Post Now' })).toHaveCount(0);

  // Reopening the draft and saving again updates it.
  await card.getByRole('button', { name: 'Edit Post' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Post' });
  await expect(editor.getByLabel('Article URL')).toHaveValue('https://example.com/blog/scheduling');
  await editor.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Draft updated successfully!')).toBeVisible();
});

test('an Instagram carousel needs 2 to 10 images and is scheduled with three', async ({ page, context }) => {
  await signedInUser(context, 'carousel-story@example.com', ['instagram']);
  await page.goto(`${server.url}/dashboard`);
  const modal = await openComposer(page);
  await modal.getByRole('button', { name: /^Instagram: / }).click();
  await modal.getByText('Carousel', { exact: true }).click();
  await modal.getByLabel('Caption').fill('Three frames from the studio');
  await modal.getByLabel('Alt Text').fill('Three coloured squares');

  await modal.getByLabel('Add media').setInputFiles(await jpeg('one.jpg', '#cc3333'));
  await expect(modal.getByRole('progressbar')).toHaveCount(0);
  await scheduleTomorrowAtNine(modal);
  await modal.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(
    modal.getByRole('alert').filter({ hasText: 'Carousel posts require 2–10 media files' }),
  ).toBeVisible();

  // Eleven files would be too many while composing.
  const many = await Promise.all(
    Array.from({ length: 10 }, (_, i) => jpeg(`extra-${i}.jpg`, `#22${i}${i}aa`)),
  );
  await modal.getByLabel('Add media').setInputFiles(many);
  await expect(modal.getByText('Carousel posts can have up to 10 media files.').first()).toBeVisible();
  await expect(modal.getByRole('list', { name: 'Attached media' }).getByRole('listitem')).toHaveCount(10);
  for (let i = 0; i < 7; i += 1) {
    await modal.getByRole('button', { name: `Remove extra-${8 - i}.jpg` }).click();
  }
  await expect(modal.getByRole('list', { name: 'Attached media' }).getByRole('listitem')).toHaveCount(3);
  await expect(modal.getByRole('progressbar')).toHaveCount(0);

  // The preview pages through the carousel.
  const preview = modal.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('1/3')).toBeVisible();
  await preview.getByRole('button', { name: 'Next media' }).click();
  await expect(preview.getByText('2/3')).toBeVisible();

  await modal.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByText('Post scheduled successfully!')).toBeVisible();
  const card = page.getByRole('article', { name: 'Instagram post' });
  await expect(card.getByText('Three frames from the studio')).toBeVisible();
  await expect(card.getByRole('img')).toHaveCount(3);
});

test('a second tab sees a new post appear without reloading', async ({ context }) => {
  const user = await signedInUser(context, 'two-tabs@example.com', ['twitter']);
  const { accounts } = await apiCall<{ accounts: Array<{ id: string }> }>(
    server.url,
    user.token,
    '/api/accounts',
  );
  const accountId = accounts[0]?.id;
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto(`${server.url}/dashboard`);
  await second.goto(`${server.url}/dashboard`);
  await expect(second.getByText('No upcoming posts')).toBeVisible();

  // Tab one composes through the UI (in front: background tabs are throttled); tab two only listens.
  await first.bringToFront();
  const modal = await openComposer(first);
  await modal.getByRole('button', { name: /^X: / }).click();
  await modal.getByLabel('Tweet text', { exact: true }).fill('Seen from the other tab');
  await scheduleTomorrowAtNine(modal);
  await modal.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(first.getByText('Post scheduled successfully!')).toBeVisible();
  await expect(
    second.getByRole('article', { name: 'X post' }).getByText('Seen from the other tab'),
  ).toBeVisible();

  // A post created elsewhere (the API) appears too, and a delete disappears.
  const created = await apiCall<{ post: { id: string } }>(server.url, user.token, '/api/posts', {
    socialAccountId: accountId,
    postType: 'single',
    content: 'Created by the API',
    media: [],
    tweets: [{ content: 'Created by the API', media: [] }],
    metadata: {},
    action: 'schedule',
    scheduledAt: dayjs.utc().add(2, 'day').toISOString(),
  });
  await expect(second.getByText('Created by the API')).toBeVisible();
  await apiCall(server.url, user.token, `/api/posts/${created.post.id}`, undefined, 'DELETE');
  await expect(second.getByText('Created by the API')).toHaveCount(0);
});

test('Post Now publishes a tweet, which Sent Posts lists under its day with View Post', async ({
  page,
  context,
}) => {
  const user = await signedInUser(context, 'post-now@example.com', ['twitter']);
  await page.goto(`${server.url}/dashboard`);
  const modal = await openComposer(page);
  await modal.getByRole('button', { name: /^X: / }).click();
  await modal.getByLabel('Tweet text', { exact: true }).fill('Straight to the timeline');
  await modal.getByRole('button', { name: 'Post Now' }).click();
  await expect(page.getByText('Post published successfully!')).toBeVisible();
  await expect(modal).toBeHidden();

  const { posts } = await apiCall<{ posts: Array<{ id: string; status: string; postedAt: string }> }>(
    server.url,
    user.token,
    '/api/posts?view=sent',
  );
  expect(posts.map((p) => p.status)).toEqual(['posted']);

  await page.getByRole('link', { name: 'Sent Posts' }).click();
  await expect(page.getByRole('heading', { name: 'Sent Posts', level: 1 })).toBeVisible();
  await expect(page.getByText('View and manage your published posts')).toBeVisible();
  const heading = dayjs.utc(posts[0]?.postedAt).format('dddd, MMMM D, YYYY');
  const day = page.getByRole('region', { name: heading });
  const card = day.getByRole('article', { name: 'X post' });
  await expect(card.getByText('Straight to the timeline')).toBeVisible();
  await expect(card.getByText('Posted', { exact: true })).toBeVisible();

  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'View Post' }).click();
  const tab = await popup;
  await expect(tab).toHaveURL(new RegExp(`^${sandbox.url}/`));

  // Filters that match nothing show the spec's empty state.
  await page.getByLabel('Platform').selectOption('linkedin');
  await expect(page.getByText('No sent posts found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or send a new post')).toBeVisible();
});

test('a failed post shows its error on Sent Posts and is fixed and retried in the compact composer', async ({
  page,
  context,
}) => {
  const user = await signedInUser(context, 'failed-post@example.com', ['twitter']);
  // X refuses every tweet until the fault is cleared.
  const fault = await control(sandbox, '/faults', {
    platform: 'twitter',
    method: 'POST',
    pathSuffix: '/2/tweets',
    kind: 'status',
    status: 403,
    body: { title: 'Forbidden', detail: 'You are not permitted to perform this action.', status: 403 },
    times: 0,
  });
  expect(fault.status).toBe(201);
  const { id: faultId } = (await fault.json()) as { id: string };

  await page.goto(`${server.url}/dashboard`);
  const modal = await openComposer(page);
  await modal.getByRole('button', { name: /^X: / }).click();
  await modal.getByLabel('Tweet text', { exact: true }).fill('This one fails first');
  await modal.getByRole('button', { name: 'Post Now' }).click();
  // The platform's refusal, as the server recorded it, in the red box inside the modal.
  await expect(modal.getByRole('alert')).toBeVisible();
  const { posts } = await apiCall<{ posts: Array<{ status: string; errorMessage: string }> }>(
    server.url,
    user.token,
    '/api/posts?view=sent',
  );
  expect(posts.map((p) => p.status)).toEqual(['failed']);
  const reason = posts[0]?.errorMessage ?? '';
  expect(reason).not.toBe('');
  await expect(modal.getByRole('alert')).toHaveText(reason);
  await modal.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`${server.url}/sent`);
  const card = page.getByRole('article', { name: 'X post' });
  await expect(card.getByText('Failed', { exact: true })).toBeVisible();
  await expect(card.getByText('This one fails first')).toBeVisible();
  await expect(card.getByText(reason)).toBeVisible();

  await control(sandbox, `/faults/${faultId}`, undefined, 'DELETE');
  await card.getByRole('button', { name: 'Fix and retry' }).click();
  const compact = page.getByRole('dialog', { name: 'Create Post' });
  await expect(compact.getByText('Post to:')).toHaveCount(0);
  const text = compact.getByLabel('Tweet text', { exact: true });
  await expect(text).toHaveValue('This one fails first');
  await text.fill('This one works on retry');
  await compact.getByRole('button', { name: 'Post Now' }).click();
  await expect(page.getByText('Post published successfully!')).toBeVisible();
  await expect(card.getByText('Posted', { exact: true })).toBeVisible();
  await expect(card.getByText('This one works on retry')).toBeVisible();
  await expect(card.getByRole('button', { name: 'View Post' })).toBeVisible();
});

test('Post Now on a queued post publishes it at once, and it leaves the upcoming list in both tabs', async ({
  context,
}) => {
  const user = await signedInUser(context, 'queued-post-now@example.com', ['twitter']);
  const { accounts } = await apiCall<{ accounts: Array<{ id: string }> }>(
    server.url,
    user.token,
    '/api/accounts',
  );
  await apiCall(server.url, user.token, '/api/posts', {
    socialAccountId: accounts[0]?.id,
    postType: 'single',
    content: 'Queued for tomorrow, sent today',
    media: [],
    tweets: [{ content: 'Queued for tomorrow, sent today', media: [] }],
    metadata: {},
    action: 'schedule',
    scheduledAt: dayjs.utc().add(1, 'day').toISOString(),
  });
  const other = await context.newPage();
  await other.goto(`${server.url}/dashboard`);
  const page = await context.newPage();
  await page.goto(`${server.url}/dashboard`);
  const card = page.getByRole('article', { name: 'X post' });
  await expect(card.getByText('Queued for tomorrow, sent today')).toBeVisible();
  await expect(other.getByText('Queued for tomorrow, sent today')).toBeVisible();

  await card.getByRole('button', { name: 'Post Now' }).click();
  await expect(page.getByText('Post published successfully!')).toBeVisible();
  await expect(page.getByText('Queued for tomorrow, sent today')).toHaveCount(0);
  await expect(other.getByText('Queued for tomorrow, sent today')).toHaveCount(0);
  const { posts } = await apiCall<{ posts: Array<{ status: string }> }>(
    server.url,
    user.token,
    '/api/posts?view=sent',
  );
  expect(posts.map((p) => p.status)).toEqual(['posted']);
});

test('two Facebook Pages are told apart by the account filter on the dashboard, Sent Posts and the calendar', async ({
  page,
  context,
}) => {
  const user = await signedInUser(context, 'two-pages@example.com', ['facebook']);
  const { accounts } = await apiCall<{ accounts: Array<{ id: string; accountName: string }> }>(
    server.url,
    user.token,
    '/api/accounts',
  );
  const shop = accounts.find((account) => account.accountName === 'Postloom Demo Shop')!.id;
  const demo = accounts.find((account) => account.accountName === 'Postloom Demo Page')!.id;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  for (const [accountId, content] of [
    [shop, 'Shop: winter sale'],
    [demo, 'Page: opening hours'],
  ] as const) {
    await apiCall(server.url, user.token, '/api/posts', {
      socialAccountId: accountId,
      content,
      action: 'schedule',
      scheduledAt: tomorrow,
    });
    const { post } = await apiCall<{ post: { id: string } }>(server.url, user.token, '/api/posts', {
      socialAccountId: accountId,
      content: `${content} (sent)`,
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

  await page.goto(`${server.url}/dashboard`);
  const cards = page.getByRole('article', { name: 'Facebook post' });
  await expect(cards).toHaveCount(2);
  const filter = page.getByRole('combobox', { name: 'Account' });
  await expect(filter.locator('option')).toHaveText([
    'All accounts',
    /^Facebook: Postloom Demo Page/,
    /^Facebook: Postloom Demo Shop/,
  ]);
  await filter.selectOption(shop);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByText('Shop: winter sale')).toBeVisible();

  await page.getByRole('link', { name: 'Sent Posts' }).click();
  // The dashboard's own filter is still there until the page has changed.
  await expect(page.getByRole('heading', { level: 1, name: 'Sent Posts' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Account' }).selectOption(demo);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByText('Page: opening hours (sent)')).toBeVisible();

  await page.getByRole('link', { name: 'Calendar View' }).click();
  await page.getByRole('button', { name: 'List', exact: true }).click();
  // Today's sent posts: in this month's list whatever the date.
  const calendar = page.getByRole('region', { name: 'Calendar' });
  await expect(calendar.getByText('Shop: winter sale (sent)')).toBeVisible();
  await calendar.getByRole('combobox', { name: 'Account' }).selectOption(demo);
  await expect(calendar.getByText('Page: opening hours (sent)')).toBeVisible();
  await expect(calendar.getByText('Shop: winter sale')).toHaveCount(0);
});

test('the composer warns before a tweet X would refuse as the same text within a day', async ({
  page,
  context,
}) => {
  const user = await signedInUser(context, 'duplicate-warning@example.com', ['twitter']);
  const [accountId] = await apiCall<{ accounts: Array<{ id: string }> }>(
    server.url,
    user.token,
    '/api/accounts',
  ).then((answer) => answer.accounts.map((account) => account.id));
  await apiCall(server.url, user.token, '/api/posts', {
    socialAccountId: accountId,
    content: 'Our doors open at nine',
    action: 'schedule',
    scheduledAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
  });
  await page.goto(`${server.url}/dashboard`);
  const modal = await openComposer(page);
  await modal.getByRole('button', { name: /^X: / }).click();
  const text = modal.getByLabel('Tweet text', { exact: true });
  await text.fill('Our doors open at nine');
  const warning = modal.getByRole('status').filter({ hasText: 'X refuses the same text from one account' });
  await expect(warning).toBeVisible();
  // A warning only: the post can still be saved. Other words take it away.
  await expect(modal.getByRole('button', { name: 'Save as draft' })).toBeEnabled();
  await text.fill('Our doors open at ten');
  await expect(warning).toBeHidden();
});
