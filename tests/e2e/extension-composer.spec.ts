import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type BrowserContext,
  chromium,
  expect,
  type Page,
  type Route,
  test,
  type Worker,
} from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

/**
 * The built Chrome extension's popup: a post sent from it shows "Sending..." until the server
 * has the outcome, and what was typed survives the popup closing.
 */
declare const chrome: {
  storage: {
    local: {
      get(keys: string | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  };
};

const EXTENSION_DIR = path.resolve('.output/chrome-mv3');

let sandbox: RunningSandbox;
let server: RunningServer;
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
  sandbox = await startSandbox({ port: 0, autoApprove: true });
  server = await startServer({ SANDBOX_URL: sandbox.url });
  user = await createConfirmedUser(server, 'extension-composer@example.com');
  await connectSandboxAccount(server.url, user.token, 'twitter');
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

async function openPopup(): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 420, height: 760 });
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(
    page.getByRole('region', { name: 'Composer' }).getByRole('button', { name: /^X: / }),
  ).toBeVisible();
  return page;
}

/**
 * Holds the popup's Post Now requests (one `POST /api/posts`, or one `POST /api/post-groups` for
 * several accounts: the server answers after the attempts) until `release` is called, so
 * "Sending..." can be seen.
 */
async function holdPublishing(page: Page) {
  const held: Route[] = [];
  const patterns = ['**/api/posts', '**/api/post-groups'];
  for (const pattern of patterns) {
    await page.route(pattern, (route) => {
      if (route.request().method() === 'POST') held.push(route);
      else void route.continue();
    });
  }
  return {
    async release() {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      for (const route of held.splice(0)) await route.continue();
      for (const pattern of patterns) await page.unroute(pattern);
    },
  };
}

async function postNow(popup: Page, text: string) {
  const composer = popup.getByRole('region', { name: 'Composer' });
  await composer.getByRole('button', { name: /^X: / }).click();
  await composer.getByLabel('Post text').fill(text);
  await composer.getByRole('button', { name: 'Post now' }).click();
  return composer.getByRole('list', { name: 'Results' });
}

test('Post now says "Sending..." and then "Posted" with the link to the post', async () => {
  const popup = await openPopup();
  const publishing = await holdPublishing(popup);
  const results = await postNow(popup, 'Fresh from the popup');
  await expect(results.getByText(/: Sending\.\.\.$/)).toBeVisible();
  await popup.screenshot({ path: test.info().outputPath('popup-sending.png') });
  await publishing.release();

  await expect(results.getByText(/: Posted/)).toBeVisible();
  const { posts } = await apiCall<{ posts: Array<{ content: string; platformPostUrl: string | null }> }>(
    server.url,
    user.token,
    '/api/posts?view=sent',
  );
  const url = posts.find((p) => p.content === 'Fresh from the popup')?.platformPostUrl;
  expect(url).toBeTruthy();
  await expect(results.getByRole('link', { name: /^View on / })).toHaveAttribute('href', url!);
  await expect(popup.getByText('Sending...')).toHaveCount(0);
  await popup.screenshot({ path: test.info().outputPath('popup-posted.png') });
  await popup.close();
});

test('the same text posted twice to X says why the second one failed, never "Posted"', async () => {
  const popup = await openPopup();
  const publishing = await holdPublishing(popup);
  const results = await postNow(popup, 'Fresh from the popup');
  await expect(results.getByText(/: Sending\.\.\.$/)).toBeVisible();
  await publishing.release();

  await expect(results.getByText(/: Failed: .*duplicate content/)).toBeVisible();
  await expect(results.getByText(/: Posted/)).toHaveCount(0);
  // The popup says what its own notification list says.
  await expect(
    popup
      .getByRole('region', { name: 'Notifications', exact: true })
      .getByText(/duplicate content/)
      .first(),
  ).toBeVisible();
  await popup.screenshot({ path: test.info().outputPath('popup-failed.png') });
  await popup.close();
});

test('text typed in the popup survives it closing: "Restore your unsent post?"', async () => {
  let popup = await openPopup();
  let composer = popup.getByRole('region', { name: 'Composer' });
  await composer.getByRole('button', { name: /^X: / }).click();
  await composer.getByLabel('Post text').fill('Typed, then the popup lost focus');
  // Kept as the user types: closing the popup cannot wait for anything.
  await expect
    .poll(async () => JSON.stringify(await worker.evaluate(() => chrome.storage.local.get(null))))
    .toContain('Typed, then the popup lost focus');
  await popup.close();

  popup = await openPopup();
  const offer = popup.getByRole('dialog', { name: 'Restore your unsent post?' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Typed, then the popup lost focus');
  await expect(offer.getByRole('button', { name: 'Restore' })).toBeFocused();
  await popup.screenshot({ path: test.info().outputPath('popup-restore.png') });
  await offer.getByRole('button', { name: 'Restore' }).click();
  composer = popup.getByRole('region', { name: 'Composer' });
  await expect(composer.getByLabel('Post text')).toHaveValue('Typed, then the popup lost focus');
  await expect(composer.getByRole('button', { name: /^X: / })).toHaveAttribute('aria-pressed', 'true');

  // Throwing it away is asked first, and then it is gone for good.
  await composer.getByRole('button', { name: 'Discard post' }).click();
  const question = popup.getByRole('dialog', { name: 'Discard this post?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(composer.getByLabel('Post text')).toHaveValue('Typed, then the popup lost focus');
  await composer.getByRole('button', { name: 'Discard post' }).click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(composer.getByLabel('Post text')).toHaveValue('');
  await popup.close();

  popup = await openPopup();
  await expect(popup.getByRole('dialog', { name: 'Restore your unsent post?' })).toBeHidden();
  await expect(popup.getByRole('region', { name: 'Composer' }).getByLabel('Post text')).toHaveValue('');
  await popup.close();
});
