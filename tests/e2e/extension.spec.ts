import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test, type Worker } from '@playwright/test';
import sharp from 'sharp';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { EXTENSION_ID } from '../../shared/extension/identity';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { openServerDatabase, type RunningServer, startServer } from '../support/spawn-server';

/**
 * The built Chrome extension (.output/chrome-mv3, built by `npm test` before Playwright) in
 * Debian's Chromium against the real server and an auto-approving sandbox.
 *
 * Server address: the default build targets APP_URL's host (localhost) and its manifest grants
 * http://localhost/* (match patterns have no port), so the test server on a free localhost port
 * is covered; the test points the extension at it by writing the server address into the
 * extension's storage through the service worker, as the options page would.
 */
// The service worker's `chrome` global, as far as these stories use it.
declare const chrome: {
  storage: {
    local: {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  };
  action: { getBadgeText(details: object): Promise<string> };
};

const EXTENSION_DIR = path.resolve('.output/chrome-mv3');
const EMAIL = 'extension-story@example.com';

let sandbox: RunningSandbox;
let server: RunningServer;
let site: http.Server;
let siteUrl: string;
let user: HttpUser;
let context: BrowserContext;
let worker: Worker;
let extensionId: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  if (!fs.existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error('Build the extension first: npx wxt build');
  }
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#22aa55' } })
    .png()
    .toBuffer();
  // A page with an image, served by the test: the server fetches the image by its address.
  site = http.createServer((req, res) => {
    if (req.url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<title>Photo page</title><img src="/photo.png">');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  sandbox = await startSandbox({ port: 0, autoApprove: true });
  server = await startServer({ SANDBOX_URL: sandbox.url, ALLOW_PRIVATE_MEDIA_URLS: 'on' });
  user = await createConfirmedUser(server, EMAIL);
  await connectSandboxAccount(server.url, user.token, 'twitter');
  await connectSandboxAccount(server.url, user.token, 'linkedin');
  await connectSandboxAccount(server.url, user.token, 'facebook');

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-ext-'));
  context = await chromium.launchPersistentContext(profile, {
    headless: true,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    viewport: { width: 1280, height: 800 },
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
  await worker.evaluate((url) => chrome.storage.local.set({ serverUrl: url }), server.url);
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  await sandbox?.close();
  await new Promise((resolve) => site?.close(resolve));
});

function extensionPage(page: string) {
  return `chrome-extension://${extensionId}/${page}`;
}

async function openPopup(): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 420, height: 900 });
  await page.goto(extensionPage('popup.html'));
  return page;
}

async function badgeText(): Promise<string> {
  return worker.evaluate(() => chrome.action.getBadgeText({}));
}

/** Runs what the minute alarm runs (a test cannot wait a minute). */
async function runBadgeAlarm(): Promise<string> {
  return worker.evaluate(() =>
    (globalThis as unknown as { postloom: { runAlarm: () => Promise<string> } }).postloom.runAlarm(),
  );
}

/** Calls the background's context-menu handler as a right-click would. */
async function clickMenu(info: Record<string, string>, tab: { title: string; url: string }) {
  return worker.evaluate(
    ([i, t]) =>
      (
        globalThis as unknown as {
          postloom: { handleMenuClick: (info: unknown, tab: unknown) => Promise<unknown> };
        }
      ).postloom.handleMenuClick(i, t),
    [info, tab] as const,
  );
}

/** The composer the handler opened (a popup window), or a fresh one when the browser showed the toolbar popup. */
async function composerAfterMenu(): Promise<Page> {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const opened = context.pages().find((p) => p.url().startsWith(extensionPage('popup.html')));
    if (opened) return opened;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return openPopup();
}

/** The page of this context at an address starting with `prefix`, once one is open. */
async function openedPage(prefix: string): Promise<Page> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = context.pages().find((candidate) => candidate.url().startsWith(prefix));
    if (page) return page;
    if (Date.now() > deadline) throw new Error(`No page opened at ${prefix}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function closeExtensionPages() {
  for (const page of context.pages()) {
    if (page.url().startsWith(`chrome-extension://${extensionId}/`)) await page.close();
  }
}

async function insertNotifications(count: number) {
  const db = openServerDatabase(server);
  try {
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('notifications')
      .values(
        Array.from({ length: count }, (_, i) => ({
          id: `n-${Date.now()}-${i}`,
          userId: id,
          type: 'system' as const,
          title: `Notice ${i + 1}`,
          message: `Something happened (${i + 1})`,
          read: 0,
          data: null,
          createdAt: Date.now() + i,
        })),
      )
      .execute();
  } finally {
    await db.destroy();
  }
}

test('the user signs in through the options page', async () => {
  const page = await context.newPage();
  await page.goto(extensionPage('options.html'));
  await expect(page.getByRole('heading', { name: 'Sign in with the web app' })).toBeVisible();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill('wrong-pass-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The email or password you entered is incorrect. Please try again.',
  );
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${EMAIL}`)).toBeVisible();
  const stored = await worker.evaluate(() => chrome.storage.local.get('auth'));
  expect((stored.auth as { token: string }).token.length).toBeGreaterThan(20);
  await page.close();
});

test('the badge shows the unread count and drops after mark-as-read', async () => {
  await insertNotifications(3);
  expect(await runBadgeAlarm()).toBe('3');
  expect(await badgeText()).toBe('3');

  const popup = await openPopup();
  const list = popup.getByRole('region', { name: 'Notifications', exact: true });
  await expect(list.getByText('Notice 3')).toBeVisible();
  // The web app's wording and the user's clock (24h here), not the browser's locale.
  await expect(list.locator('time').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
  await list.getByRole('button', { name: 'Mark as read' }).first().click();
  await expect(list.getByRole('button', { name: 'Mark as read' })).toHaveCount(2);
  await expect.poll(badgeText).toBe('2');

  await insertNotifications(120);
  expect(await runBadgeAlarm()).toBe('99+');
  await closeExtensionPages();
});

test('compose and schedule from the popup for X, LinkedIn and a Facebook Page as one group', async () => {
  const popup = await openPopup();
  const composer = popup.getByRole('region', { name: 'Composer' });
  await composer.getByRole('button', { name: /^X: / }).click();
  await composer.getByRole('button', { name: /^LinkedIn: / }).click();
  await composer
    .getByRole('button', { name: /^Facebook: / })
    .first()
    .click();
  const text = 'Scheduled from the Postloom extension';
  await composer.getByLabel('Post text').fill(text);
  await expect(composer.getByTestId('remaining-twitter')).toHaveText(`X: ${280 - text.length}`);
  await expect(composer.getByTestId('remaining-linkedin')).toHaveText(/LinkedIn: \d+/);
  await composer.getByRole('button', { name: 'Schedule' }).click();
  const results = composer.getByRole('list', { name: 'Results' });
  await expect(results.getByText(/: Scheduled$/)).toHaveCount(3);
  await expect(results.getByRole('link', { name: 'View in Postloom' })).toHaveAttribute(
    'href',
    `${server.url}/dashboard`,
  );

  // One request made one group: each account's own post, linked.
  const { posts } = await apiCall<{
    posts: Array<{ content: string; platform: string; groupId: string | null }>;
  }>(server.url, user.token, '/api/posts?view=upcoming');
  const mine = posts.filter((post) => post.content === text);
  expect(mine.map((post) => post.platform).sort()).toEqual(['facebook', 'linkedin', 'twitter']);
  expect(mine[0]?.groupId).toBeTruthy();
  expect(new Set(mine.map((post) => post.groupId)).size).toBe(1);

  const web = await context.newPage();
  const login = await web.request.post(`${server.url}/api/auth/login`, {
    data: { email: EMAIL, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  await web.goto(`${server.url}/dashboard`);
  await expect(web.getByText(text).first()).toBeVisible();
  await web.close();
  await closeExtensionPages();
});

test("Add to queue in the popup takes the account's next posting time and says when", async () => {
  const popup = await openPopup();
  const composer = popup.getByRole('region', { name: 'Composer' });
  await composer.getByRole('button', { name: /^LinkedIn: / }).click();
  await composer.getByLabel('Post text').fill('Queued from the Postloom extension');
  await composer.getByRole('button', { name: 'Add to queue' }).click();
  const results = composer.getByRole('list', { name: 'Results' });
  // The default schedule has 09:00 and 14:00 every day: the next of them in the user's zone.
  await expect(results.getByText(/: Added to the queue for \w{3}, \w{3} \d{1,2}, (09|14):00$/)).toBeVisible();
  await closeExtensionPages();
});

test('the context-menu handlers open the composer prefilled with the page or the selection', async () => {
  await clickMenu(
    { menuItemId: 'schedule-page', pageUrl: 'https://example.com/story' },
    { title: 'A story worth sharing', url: 'https://example.com/story' },
  );
  let composer = await composerAfterMenu();
  await expect(composer.getByLabel('Post text')).toHaveValue(
    'A story worth sharing\nhttps://example.com/story',
  );
  await expect(composer.getByText('Page from A story worth sharing')).toBeVisible();
  await closeExtensionPages();

  await clickMenu(
    {
      menuItemId: 'schedule-selection',
      pageUrl: 'https://example.com/story',
      selectionText: 'A line to quote',
    },
    { title: 'A story worth sharing', url: 'https://example.com/story' },
  );
  composer = await composerAfterMenu();
  await expect(composer.getByLabel('Post text')).toHaveValue(
    '"A line to quote"\n\nhttps://example.com/story',
  );
  await expect(composer.getByText('Selected text from A story worth sharing')).toBeVisible();
  await composer.getByRole('button', { name: 'Discard' }).click();
  await closeExtensionPages();
});

test('an image from a page is scheduled with its media', async () => {
  await clickMenu(
    { menuItemId: 'schedule-image', pageUrl: `${siteUrl}/`, srcUrl: `${siteUrl}/photo.png` },
    { title: 'Photo page', url: `${siteUrl}/` },
  );
  const popup = await composerAfterMenu();
  const composer = popup.getByRole('region', { name: 'Composer' });
  await expect(composer.getByTestId('attachment-status')).toHaveText('Image attached (image/png)');
  // A right-click opens with every account chosen: this image goes to X only.
  const picker = (name: RegExp) => composer.getByRole('button', { name });
  for (const name of [/^X: /, /^LinkedIn: /])
    await expect(picker(name)).toHaveAttribute('aria-pressed', 'true');
  await expect(picker(/^Facebook: /).first()).toHaveAttribute('aria-pressed', 'true');
  await picker(/^LinkedIn: /).click();
  for (const facebook of await picker(/^Facebook: /).all()) await facebook.click();
  await composer.getByLabel('Post text').fill('A photo from a page');
  await composer.getByRole('button', { name: 'Schedule' }).click();
  await expect(composer.getByRole('list', { name: 'Results' }).getByText(/: Scheduled$/)).toHaveCount(1);

  const { posts } = await apiCall<{ posts: Array<{ content: string; media: Array<{ mimeType: string }> }> }>(
    server.url,
    user.token,
    '/api/posts?view=upcoming',
  );
  const post = posts.find((p) => p.content === 'A photo from a page');
  expect(post?.media.map((m) => m.mimeType)).toEqual(['image/png']);
  await closeExtensionPages();
});

test('signing out clears the badge and a revoked token sends the user back to sign-in', async () => {
  expect(await runBadgeAlarm()).not.toBe('');
  // Revoke the extension's session on the server: the next call answers 401.
  const { auth } = (await worker.evaluate(() => chrome.storage.local.get('auth'))) as {
    auth: { token: string };
  };
  await apiCall(server.url, auth.token, '/api/auth/logout', {});
  const popup = await openPopup();
  await expect(popup.getByText('Your session has expired. Please sign in again to continue.')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect.poll(badgeText).toBe('');
  await closeExtensionPages();
});

test('"Sign in with the web app" hands a token from the signed-in web app to this extension', async () => {
  // The web app session of this context (signed in during the dashboard story).
  const options = await context.newPage();
  await options.goto(extensionPage('options.html'));
  await expect(
    options.getByText('Your session has expired. Please sign in again to continue.'),
  ).toBeVisible();
  await options.getByRole('button', { name: 'Sign in with the web app' }).click();
  // Found by its address: another page the extension opens or closes meanwhile is not it.
  const connectPage = await openedPage(`${server.url}/extension/connect`);
  await connectPage.waitForLoadState();
  // Our build pins its id with the manifest key: the id the server allows by default.
  expect(extensionId).toBe(EXTENSION_ID);
  expect(connectPage.url()).toBe(`${server.url}/extension/connect?extensionId=${extensionId}`);
  await expect(connectPage.getByText(extensionId)).toBeVisible();
  await connectPage.getByRole('button', { name: 'Connect the Postloom extension' }).click();
  await expect(connectPage.getByRole('status')).toHaveText(
    `The extension is connected as ${EMAIL}. You can close this tab.`,
  );
  await expect(options.getByText(`Signed in as ${EMAIL}`)).toBeVisible();
  await expect.poll(badgeText).not.toBe('');

  await options.getByRole('button', { name: 'Sign out' }).click();
  await expect(options.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect.poll(badgeText).toBe('');
  await connectPage.close();
  await closeExtensionPages();
});

test('a look-alike extension sent to the connect page gets no Connect button', async () => {
  const page = await context.newPage();
  const stranger = 'abcdefghijklmnopabcdefghijklmnop';
  await page.goto(`${server.url}/extension/connect?extensionId=${stranger}`);
  await expect(page.getByText('Unknown extension')).toBeVisible();
  await expect(page.getByText(stranger)).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('not allowed to sign in');
  await expect(page.getByRole('button', { name: 'Connect the Postloom extension' })).toHaveCount(0);
  await page.close();
});

test('the Firefox build is Manifest V3 with a gecko id', async () => {
  const manifestPath = path.resolve('.output/firefox-mv3/manifest.json');
  expect(fs.existsSync(manifestPath), 'build it with: npx wxt build -b firefox').toBe(true);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.browser_specific_settings.gecko.id).toMatch(/@/);
  expect(manifest.permissions).toEqual(expect.arrayContaining(['storage', 'contextMenus', 'alarms']));
  expect(manifest.externally_connectable).toBeUndefined();
});
