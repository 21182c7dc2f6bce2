import fs from 'node:fs';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import sharp from 'sharp';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { control } from '../../server/sandbox/sandbox-testing';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

/** Compose once, publish to many accounts (issue 23): the web composer with several accounts. */
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

test.afterEach(async () => {
  await control(sandbox, '/faults', undefined, 'DELETE');
});

interface Account {
  id: string;
  platform: string;
  accountName: string;
}

interface GroupPost {
  id: string;
  socialAccountId: string;
  platform: string;
  content: string;
  status: string;
  groupId: string | null;
  customized: boolean;
  tweets: Array<{ content: string }> | null;
  media: unknown[];
  errorMessage: string | null;
  platformPostUrl: string | null;
}

/** A confirmed user with X, both sandbox Facebook Pages and Instagram, signed in in the browser context. */
async function signedInUser(
  context: BrowserContext,
  email: string,
): Promise<{ user: HttpUser; accounts: Account[] }> {
  const user = await createConfirmedUser(server, email);
  for (const platform of ['twitter', 'facebook', 'instagram']) {
    await connectSandboxAccount(server.url, user.token, platform);
  }
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { accounts } = await apiCall<{ accounts: Account[] }>(server.url, user.token, '/api/accounts');
  return { user, accounts };
}

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

/** X, both Facebook Pages and Instagram chosen with the "Post to:" chips. */
async function chooseFourAccounts(modal: Locator) {
  const postTo = modal.getByRole('group', { name: 'Post to' });
  for (const name of [
    /^X: Ava Rivers/,
    'Facebook: Postloom Demo Page',
    'Facebook: Postloom Demo Shop',
    /^Instagram: /,
  ]) {
    const chip = postTo.getByRole('button', { name });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
  }
  // Each tab is named by its network (its icon is decoration).
  await expect(modal.getByRole('tab')).toHaveText(['All networks', /X$/, /Facebook$/, /Instagram$/]);
}

async function scheduleTomorrowAtNine(modal: Locator) {
  await modal.getByRole('button', { name: 'Edit scheduled date' }).click();
  const tomorrow = dayjs.utc().add(1, 'day');
  const day = modal.getByRole('button', { name: tomorrow.format('dddd, MMMM D, YYYY'), exact: true });
  if (!(await day.isVisible())) await modal.getByRole('button', { name: 'Next month' }).click();
  await day.click();
  await modal.getByRole('button', { name: 'Set Time' }).click();
  await modal.getByLabel('Hour').selectOption('9');
  await modal.getByLabel('Minute').selectOption('0');
  await modal.getByRole('button', { name: 'Confirm' }).click();
  return tomorrow.hour(9).minute(0).second(0).millisecond(0);
}

async function screenshot(page: Page, name: string) {
  const file = test.info().outputPath(name);
  await page.screenshot({ path: file });
  // A copy outside the run's folder for a person to look at, when asked for.
  if (process.env.COMPOSER_SCREENSHOTS) fs.copyFileSync(file, `${process.env.COMPOSER_SCREENSHOTS}/${name}`);
}

test('one composition goes to X, two Facebook Pages and Instagram, with X as its own thread, in one request', async ({
  page,
  context,
}) => {
  const { user } = await signedInUser(context, 'group-compose@example.com');
  const groupRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/post(s|-groups)$/.test(new URL(request.url()).pathname)) {
      groupRequests.push(new URL(request.url()).pathname);
    }
  });
  await page.goto(`${server.url}/dashboard`);
  const modal = await openComposer(page);
  await chooseFourAccounts(modal);
  await modal.getByLabel('Shared text').fill('Our second shop opens on Friday!');

  // Instagram cannot go out without media: its chip, its tab and the buttons say so.
  const instagramChip = modal.getByRole('button', { name: /^Instagram: / });
  await expect(instagramChip).toHaveAccessibleDescription(/Instagram posts require a photo or video\./);
  await expect(modal.getByRole('tab', { name: 'Instagram' })).toHaveAttribute(
    'aria-description',
    /1 problem/,
  );
  const summary = modal.getByRole('button', { name: 'Fix 1 problem: Instagram needs media' });
  await expect(summary).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Schedule Post' })).toHaveAccessibleDescription(
    'Fix 1 problem: Instagram needs media',
  );
  // Scheduling anyway sends nothing and opens the tab with the problem, in the spec's words.
  await modal.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(modal.getByRole('tab', { name: 'Instagram' })).toHaveAttribute('aria-selected', 'true');
  await expect(modal.getByRole('alert')).toContainText('Instagram posts require a photo or video.');
  expect(groupRequests).toEqual([]);

  // X gets a thread of its own: editing its tab customises it.
  await modal.getByRole('tab', { name: 'X' }).click();
  await expect(modal.getByText('Follows the shared text.')).toBeVisible();
  await expect(modal.getByLabel('Tweet text', { exact: true })).toHaveValue(
    'Our second shop opens on Friday!',
  );
  await modal.getByRole('button', { name: 'Add Tweet' }).click();
  await modal.getByLabel('Tweet 2 text').fill('Doors at nine, coffee on us.');
  await expect(modal.getByRole('button', { name: 'Reset to the shared text' })).toBeVisible();
  await expect(modal.getByRole('tab', { name: 'X' })).toHaveAttribute('aria-description', /^Customised/);
  await screenshot(page, 'composer-four-accounts-customised-x.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'composer-four-accounts-customised-x-phone.png');
  await modal.getByRole('tab', { name: 'All networks' }).click();
  await screenshot(page, 'composer-four-accounts-shared-phone.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'composer-four-accounts-shared.png');

  // A later edit of the shared text reaches every tab that is not customised, and not X.
  await modal.getByLabel('Shared text').fill('Our second shop opens this Friday!');
  await modal.getByRole('tab', { name: 'Facebook' }).click();
  await expect(modal.getByLabel('Post text')).toHaveValue('Our second shop opens this Friday!');
  await modal.getByRole('tab', { name: 'X' }).click();
  await expect(modal.getByLabel('Tweet text', { exact: true })).toHaveValue(
    'Our second shop opens on Friday!',
  );

  // An image in the shared media fixes Instagram.
  await modal.getByRole('tab', { name: 'All networks' }).click();
  await modal.getByLabel('Add media').setInputFiles(await jpeg('shop.jpg', '#3366cc'));
  await expect(modal.getByRole('progressbar')).toHaveCount(0);
  await expect(summary).toBeHidden();
  await expect(instagramChip).not.toHaveAccessibleDescription(/problem/);

  const at = await scheduleTomorrowAtNine(modal);
  await modal.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByText('Post scheduled successfully!')).toBeVisible();
  await expect(modal).toBeHidden();
  expect(groupRequests).toEqual(['/api/post-groups']);

  const { posts } = await apiCall<{ posts: GroupPost[] }>(server.url, user.token, '/api/posts?view=upcoming');
  expect(posts).toHaveLength(4);
  expect(new Set(posts.map((post) => post.groupId)).size).toBe(1);
  expect(posts[0]?.groupId).toBeTruthy();
  const x = posts.find((post) => post.platform === 'twitter');
  expect(x).toMatchObject({ customized: true, content: 'Our second shop opens on Friday!' });
  expect(x?.tweets?.map((tweet) => tweet.content)).toEqual([
    'Our second shop opens on Friday!',
    'Doors at nine, coffee on us.',
  ]);
  for (const post of posts.filter((p) => p.platform !== 'twitter')) {
    expect(post).toMatchObject({ customized: false, content: 'Our second shop opens this Friday!' });
    expect(post.media).toHaveLength(1);
  }
  const scheduled = await apiCall<{ post: { scheduledAt: string } }>(
    server.url,
    user.token,
    `/api/posts/${posts[0]?.id}`,
  );
  expect(scheduled.post.scheduledAt).toBe(at.toISOString());
});

test('Post Now sends to every account and shows each one’s fate: Instagram fails, the others are posted', async ({
  page,
  context,
}) => {
  const { user } = await signedInUser(context, 'group-post-now@example.com');
  // Instagram refuses to create any media container until the fault is cleared.
  await control(sandbox, '/faults', {
    platform: 'instagram',
    method: 'POST',
    pathSuffix: '/media',
    kind: 'status',
    status: 400,
    body: { error: { message: 'The image could not be fetched', type: 'OAuthException', code: 9004 } },
    times: 0,
  });
  await page.goto(`${server.url}/dashboard`);
  const modal = await openComposer(page);
  await chooseFourAccounts(modal);
  await modal.getByLabel('Shared text').fill('Fresh bread every morning');
  await modal.getByLabel('Add media').setInputFiles(await jpeg('bread.jpg', '#cc9933'));
  await expect(modal.getByRole('progressbar')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Post Now' }).click();

  const results = modal.getByRole('region', { name: 'What happened' });
  await expect(results.getByRole('status')).toHaveText('3 of 4 posted, 1 failed.', { timeout: 30_000 });
  const { posts } = await apiCall<{ posts: GroupPost[] }>(server.url, user.token, '/api/posts?view=sent');
  expect(posts.map((post) => post.status).sort()).toEqual(['failed', 'posted', 'posted', 'posted']);
  const failed = posts.find((post) => post.platform === 'instagram');
  expect(failed?.status).toBe('failed');
  const instagram = results.getByRole('listitem', { name: /^Instagram: / });
  await expect(instagram).toContainText('Failed');
  await expect(instagram).toContainText(failed?.errorMessage ?? 'missing reason');
  for (const name of [/^X: /, 'Facebook: Postloom Demo Page', 'Facebook: Postloom Demo Shop']) {
    const row = results.getByRole('listitem', { name });
    await expect(row).toContainText('Posted');
    await expect(row.getByRole('link', { name: 'View post' })).toHaveAttribute('href', /^https?:\/\//);
  }
  await screenshot(page, 'composer-post-now-results.png');
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(modal).toBeHidden();
});

test('opening a group edits its shared text, leaving the customised and the sent versions as they are', async ({
  page,
  context,
}) => {
  const { user, accounts } = await signedInUser(context, 'group-edit@example.com');
  const id = (name: string) => accounts.find((account) => account.accountName === name)?.id as string;
  const x = accounts.find((account) => account.platform === 'twitter')?.id as string;
  const pageId = id('Postloom Demo Page');
  const shop = id('Postloom Demo Shop');
  const { group } = await apiCall<{ group: { id: string; posts: GroupPost[] } }>(
    server.url,
    user.token,
    '/api/post-groups',
    {
      accountIds: [x, pageId, shop],
      shared: { content: 'Original shared text' },
      versions: [
        {
          platform: 'twitter',
          customized: true,
          tweets: [{ content: 'X has its own words' }, { content: 'and a second tweet' }],
        },
      ],
      action: 'schedule',
      scheduledAt: dayjs.utc().add(2, 'day').toISOString(),
    },
  );
  // The Page's version goes out now: it is read only from here on.
  const sentPost = group.posts.find((post) => post.socialAccountId === pageId) as GroupPost;
  await apiCall(server.url, user.token, `/api/posts/${sentPost.id}/publish`, {});
  await expect
    .poll(
      async () =>
        (await apiCall<{ post: GroupPost }>(server.url, user.token, `/api/posts/${sentPost.id}`)).post.status,
    )
    .toBe('posted');

  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Content Calendar' })).toBeVisible();
  // What a group's entry in a list does (openComposer): the event the composer's host listens to.
  await page.evaluate(
    ([groupId, accountId]) =>
      window.dispatchEvent(new CustomEvent('postloom:create-post', { detail: { groupId, accountId } })),
    [group.id, shop],
  );
  const modal = page.getByRole('dialog', { name: 'Edit Post' });
  await expect(modal.getByRole('tab', { name: 'Facebook', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(modal.getByLabel('Post text')).toHaveValue('Original shared text');
  await expect(
    modal.getByRole('button', { name: 'Facebook: Postloom Demo Page' }),
  ).toHaveAccessibleDescription('Posted');
  await modal.getByRole('tab', { name: 'Facebook: Postloom Demo Page' }).click();
  await expect(modal.getByText('A sent version can no longer be edited')).toBeVisible();
  await expect(modal.getByRole('link', { name: 'View post' })).toBeVisible();

  await modal.getByRole('tab', { name: 'All networks' }).click();
  await modal.getByLabel('Shared text').fill('Edited shared text');
  await modal.getByRole('tab', { name: 'X' }).click();
  await expect(modal.getByLabel('Tweet text', { exact: true })).toHaveValue('X has its own words');
  await modal.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByText('Post updated successfully!')).toBeVisible();
  await expect(modal).toBeHidden();

  const after = await apiCall<{ group: { posts: GroupPost[] } }>(
    server.url,
    user.token,
    `/api/post-groups/${group.id}`,
  );
  const bySocial = (accountId: string) =>
    after.group.posts.find((post) => post.socialAccountId === accountId);
  expect(bySocial(shop)).toMatchObject({
    content: 'Edited shared text',
    status: 'scheduled',
    customized: false,
  });
  expect(bySocial(pageId)).toMatchObject({ content: 'Original shared text', status: 'posted' });
  expect(bySocial(x)).toMatchObject({ content: 'X has its own words', customized: true });
  expect(bySocial(x)?.tweets?.map((tweet) => tweet.content)).toEqual([
    'X has its own words',
    'and a second tweet',
  ]);
});

test('Escape straight after typing in the shared text asks "Discard this post?", and the copy comes back', async ({
  page,
  context,
}) => {
  await signedInUser(context, 'group-discard@example.com');
  await page.goto(`${server.url}/dashboard`);
  let modal = await openComposer(page);
  await chooseFourAccounts(modal);
  await modal.getByLabel('Shared text').click();
  await page.keyboard.type('Half a thought');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard this post?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(modal.getByLabel('Shared text')).toHaveValue('Half a thought');

  // A reload keeps the chosen accounts, the shared text and X's own version.
  await modal.getByRole('tab', { name: 'X' }).click();
  await modal.getByLabel('Tweet text', { exact: true }).fill('Only for X');
  await page.reload();
  modal = await openComposer(page);
  const offer = page.getByRole('dialog', { name: 'Restore your unsent post?' });
  await expect(offer).toContainText('an unsent post for X, Facebook and Instagram');
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(modal.getByRole('button', { name: 'Facebook: Postloom Demo Shop' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(modal.getByLabel('Shared text')).toHaveValue('Half a thought');
  await modal.getByRole('tab', { name: 'X' }).click();
  await expect(modal.getByLabel('Tweet text', { exact: true })).toHaveValue('Only for X');
});

test('the same text on X within 24 hours is X’s problem alone: its tab says so and nothing is saved', async ({
  page,
  context,
}) => {
  const { user, accounts } = await signedInUser(context, 'group-repeat@example.com');
  const x = accounts.find((account) => account.platform === 'twitter')?.id;
  await apiCall(server.url, user.token, '/api/posts', {
    socialAccountId: x,
    content: 'Doors open at nine',
    action: 'schedule',
    scheduledAt: dayjs.utc().add(3, 'hour').toISOString(),
  });
  await page.goto(`${server.url}/dashboard`);
  const modal = await openComposer(page);
  await chooseFourAccounts(modal);
  await modal.getByLabel('Shared text').fill('Doors open at nine');
  await modal.getByLabel('Add media').setInputFiles(await jpeg('doors.jpg', '#339966'));
  await expect(modal.getByRole('progressbar')).toHaveCount(0);
  // Whether the composer or the server finds it first, the X tab shows the repeat, and only X.
  await modal.getByRole('button', { name: 'Add to queue' }).click();
  await expect(modal.getByRole('tab', { name: 'X' })).toHaveAttribute('aria-selected', 'true');
  await expect(modal.getByRole('alert')).toContainText(
    'X refuses the same text from one account within 24 hours',
  );
  await expect(modal.getByRole('button', { name: /^X: / })).toHaveAccessibleDescription(/1 problem/);
  await expect(modal.getByRole('button', { name: /^Instagram: / })).not.toHaveAccessibleDescription(
    /problem/,
  );
  const { posts } = await apiCall<{ posts: GroupPost[] }>(server.url, user.token, '/api/posts?view=upcoming');
  expect(posts).toHaveLength(1);
});
