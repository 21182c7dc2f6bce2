import { expect, test } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { apiCall, connectSandboxAccount, createConfirmedUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

let sandbox: RunningSandbox;
let server: RunningServer;

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
  // The sandbox is on loopback: its feed is fetched with the media guard's local-testing allowance.
  server = await startServer({ SANDBOX_URL: sandbox.url, ALLOW_PRIVATE_MEDIA_URLS: 'on' });
});

test.afterAll(async () => {
  await server?.stop();
  await sandbox?.close();
});

test("the sandbox's example feed is added to a queue, checked now, and its newest three articles arrive as queue items", async ({
  page,
  context,
}, testInfo) => {
  const user = await createConfirmedUser(server, 'feeds-story@example.com');
  await connectSandboxAccount(server.url, user.token, 'linkedin');
  await apiCall(server.url, user.token, '/api/queues', { name: 'Blog articles' });
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);

  await page.goto(`${server.url}/automated-queues`);
  await expect(page.getByRole('heading', { level: 2, name: 'Feeds' })).toBeVisible();
  const panel = page.getByRole('listitem', { name: 'Feeds for Blog articles' });
  await expect(panel.getByText('No feed fills this queue yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Add feed' }).click();

  // An address that is not a feed is refused with the server's reason.
  const address = panel.getByLabel('Feed address (RSS, Atom or JSON Feed)');
  await address.fill(`${sandbox.url}/_sandbox`);
  await panel.getByRole('button', { name: 'Add feed' }).click();
  await expect(panel.getByRole('alert')).toHaveText('This address does not serve an RSS, Atom or JSON feed.');

  await panel.getByRole('button', { name: "Use the sandbox's example feed" }).click();
  await expect(address).toHaveValue(`${sandbox.url}/_sandbox/feeds/example.rss`);
  // The one connected account is chosen already.
  await expect(panel.getByRole('checkbox', { name: /^LinkedIn: / })).toBeChecked();
  await expect(panel.getByLabel('Template')).toHaveValue('{title} {url}');
  await panel.getByLabel("Take the item's image as media").check();
  await panel.getByRole('button', { name: 'Add feed' }).click();
  await expect(page.getByText('Feed added')).toBeVisible();

  const feed = panel.getByRole('listitem', { name: 'Feed Postloom Sandbox Blog' });
  await expect(feed.getByTestId('feed-last-check')).toHaveText('Not yet');
  await expect(feed.getByTestId('feed-items-taken')).toHaveText('0');
  await feed.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText('3 new items taken')).toBeVisible();
  await expect(feed.getByTestId('feed-items-taken')).toHaveText('3');
  await expect(feed.getByTestId('feed-last-check')).not.toHaveText('Not yet');
  const queueCard = page.getByRole('article', { name: 'Queue Blog articles' });
  await expect(queueCard.getByText('3 posts')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('queues-feeds-1280.png'), fullPage: true });

  // The queue holds the articles with their images, in the feed's order.
  await queueCard.getByRole('button', { name: 'Edit queue Blog articles' }).click();
  const settings = page.getByRole('dialog', { name: 'Queue settings' });
  await expect(
    settings.getByText(/^Tip #\d+: .+ http:\/\/localhost:\d+\/_sandbox\/feeds\/articles\/\d+$/),
  ).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath('queues-feeds-items-1280.png') });
  await settings.getByRole('button', { name: 'Close' }).first().click();

  // Nothing new a moment later; pause and resume.
  await feed.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText('No new items')).toBeVisible();
  await feed.getByRole('button', { name: 'Pause feed Postloom Sandbox Blog' }).click();
  await expect(feed.getByText('Paused', { exact: true })).toBeVisible();
  await feed.getByRole('button', { name: 'Resume feed Postloom Sandbox Blog' }).click();
  await expect(feed.getByText('Active', { exact: true })).toBeVisible();

  // Edit it in place: the add form's checks and messages, then a new template and a move to drafts.
  await feed.getByRole('button', { name: 'Edit feed Postloom Sandbox Blog' }).click();
  const form = page.getByRole('form', { name: 'Edit feed Postloom Sandbox Blog' });
  await expect(form.getByLabel('Feed address (RSS, Atom or JSON Feed)')).toHaveValue(
    `${sandbox.url}/_sandbox/feeds/example.rss`,
  );
  await expect(form.getByLabel('New items go to')).toHaveValue(/.+/);
  await form.getByLabel('Template').fill('');
  await form.getByRole('button', { name: 'Save feed' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a template, for example {title} {url}.');
  await form.getByLabel('Feed address (RSS, Atom or JSON Feed)').fill(`${sandbox.url}/_sandbox`);
  await form.getByLabel('Template').fill('New on the blog: {title} {url}');
  await form.getByRole('button', { name: 'Save feed' }).click();
  await expect(form.getByRole('alert')).toHaveText('This address does not serve an RSS, Atom or JSON feed.');
  await form
    .getByLabel('Feed address (RSS, Atom or JSON Feed)')
    .fill(`${sandbox.url}/_sandbox/feeds/example.rss`);
  await form.getByLabel('New items go to').selectOption({ label: 'Drafts' });
  await expect(form.getByText('Make a draft for')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('queues-feed-edit-375.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await form.getByRole('button', { name: 'Save feed' }).click();
  await expect(page.getByText('Feed updated')).toBeVisible();
  const drafts = page.getByRole('listitem', { name: 'Feeds for drafts' });
  await expect(drafts.getByRole('listitem', { name: 'Feed Postloom Sandbox Blog' })).toBeVisible();
  await expect(panel.getByText('No feed fills this queue yet.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('queues-feeds-375.png'), fullPage: true });
});
