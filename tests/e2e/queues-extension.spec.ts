import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test, type Worker } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

/** The built Chrome extension's popup adds the current page to an automated queue. */
declare const chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };

const EXTENSION_DIR = path.resolve('.output/chrome-mv3');

let sandbox: RunningSandbox;
let server: RunningServer;
let user: HttpUser;
let context: BrowserContext;
let worker: Worker;
let extensionId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  if (!fs.existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error('Build the extension first: npx wxt build');
  }
  sandbox = await startSandbox({ port: 0, autoApprove: true });
  server = await startServer({ SANDBOX_URL: sandbox.url });
  user = await createConfirmedUser(server, 'queue-extension@example.com');
  await connectSandboxAccount(server.url, user.token, 'twitter');
  await connectSandboxAccount(server.url, user.token, 'linkedin');
  context = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-ext-')), {
    headless: true,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  // Signed in as the options page would leave it: the server address and a bearer token.
  await worker.evaluate(
    ([url, token, email]) =>
      chrome.storage.local.set({
        serverUrl: url,
        auth: { token, email, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
      }),
    [server.url, user.token, user.email] as const,
  );
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  await sandbox?.close();
});

/** Right-click "schedule this page", as the background's menu handler receives it. */
async function composerForPage(title: string, url: string): Promise<Page> {
  await worker.evaluate(
    ([info, tab]) =>
      (
        globalThis as unknown as {
          postloom: { handleMenuClick: (info: unknown, tab: unknown) => Promise<unknown> };
        }
      ).postloom.handleMenuClick(info, tab),
    [
      { menuItemId: 'schedule-page', pageUrl: url },
      { title, url },
    ] as const,
  );
  // The handler opens a popup window, or the toolbar popup (which a test cannot reach): then the
  // popup page itself, which reads the same pending draft.
  const popupUrl = `chrome-extension://${extensionId}/popup.html`;
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const opened = context.pages().find((p) => p.url().startsWith(popupUrl));
    if (opened) return opened;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const page = await context.newPage();
  await page.setViewportSize({ width: 420, height: 900 });
  await page.goto(popupUrl);
  return page;
}

test('the popup adds the current page to a queue as an item for each chosen account', async () => {
  const { queue } = await apiCall<{ queue: { id: string } }>(server.url, user.token, '/api/queues', {
    name: 'Reading list',
    isRepeatable: true,
  });
  // Paused, so the test sees the items before any run publishes them.
  await apiCall(server.url, user.token, `/api/queues/${queue.id}`, { isActive: false }, 'PATCH');

  const popup = await composerForPage('A story worth sharing', 'https://example.com/story');
  const composer = popup.getByRole('region', { name: 'Composer' });
  await expect(composer.getByLabel('Post text')).toHaveValue(
    'A story worth sharing\nhttps://example.com/story',
  );
  const add = composer.getByRole('button', { name: 'Add to queue: Reading list' });
  // A right-click opens with every account chosen: this page goes to X only.
  for (const name of [/^X: /, /^LinkedIn: /])
    await expect(composer.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
  await composer.getByRole('button', { name: /^LinkedIn: / }).click();
  await expect(composer.getByRole('button', { name: /^LinkedIn: / })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await add.click();
  const results = composer.getByRole('list', { name: 'Queue results' });
  await expect(results.getByText('Ava Rivers: Added to Reading list')).toBeVisible();

  // With the text cleared, the page's title and link are the item.
  await composer.getByLabel('Post text').fill('');
  await composer.getByRole('button', { name: /^X: / }).click();
  await composer.getByRole('button', { name: /^LinkedIn: / }).click();
  await expect(composer.getByText("Adds this page's title and link for each chosen account.")).toBeVisible();
  await add.click();
  await expect(results.getByText('Maya Rahman: Added to Reading list')).toBeVisible();
  await popup.screenshot({ path: test.info().outputPath('extension-add-to-queue.png'), fullPage: true });

  const { queue: stored } = await apiCall<{
    queue: { items: Array<{ platform: string; content: string }> };
  }>(server.url, user.token, `/api/queues/${queue.id}`);
  expect(stored.items.map((item) => [item.platform, item.content])).toEqual([
    ['twitter', 'A story worth sharing\nhttps://example.com/story'],
    ['linkedin', 'A story worth sharing\nhttps://example.com/story'],
  ]);
});
