import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

/** What a reader sees: whole emoji, names with their spaces, a full-height sidebar, toasts out of the way. */
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

async function signedInUser(context: BrowserContext, email: string, platforms: string[]): Promise<HttpUser> {
  const user = await createConfirmedUser(server, email);
  for (const platform of platforms) await connectSandboxAccount(server.url, user.token, platform);
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  return user;
}

async function accounts(user: HttpUser) {
  const { accounts: list } = await apiCall<{
    accounts: Array<{ id: string; platform: string; accountName: string; accountHandle: string | null }>;
  }>(server.url, user.token, '/api/accounts');
  return list;
}

async function schedule(user: HttpUser, accountId: string, content: string, at: Date, postType = 'single') {
  await apiCall(server.url, user.token, '/api/posts', {
    socialAccountId: accountId,
    postType,
    content,
    media: [],
    action: 'schedule',
    scheduledAt: at.toISOString(),
  });
}

function box(locator: Locator) {
  return locator.boundingBox().then((b) => {
    if (!b) throw new Error('not laid out');
    return b;
  });
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('calendar chips cut by character, never inside an emoji, and name the platform', async ({
  page,
  context,
}) => {
  const user = await signedInUser(context, 'emoji-chips@example.com', ['twitter']);
  const [x] = await accounts(user);
  const at = new Date(Date.now() + 2 * 3600_000);
  await schedule(user, x!.id, `hello ${'😀'.repeat(12)}`, at);
  await page.goto(`${server.url}/calendar`);
  if (at.getUTCMonth() !== new Date().getUTCMonth()) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  // The platform's display name, not its id ("twitter post").
  const chip = page.getByRole('button', { name: /^\d\d:\d\d (X|Twitter) post: hello 😀/ });
  await expect(chip).toBeVisible();
  // 15 characters as a reader counts them: 'hello ' and nine whole faces.
  await expect(chip).toContainText(`hello ${'😀'.repeat(9)}`);
  expect(await chip.textContent()).not.toMatch(/[\ud800-\udfff]|\ufffd/u);
  expect(await chip.textContent()).not.toContain('😀'.repeat(10));
});

test('names keep their spaces: "account @handle" on post cards and "browser This device" in sessions', async ({
  page,
  context,
}) => {
  const user = await signedInUser(context, 'spaces@example.com', ['twitter']);
  const [x] = await accounts(user);
  await schedule(user, x!.id, 'A post with a handle', new Date(Date.now() + 86_400_000));
  await page.goto(`${server.url}/dashboard`);
  const handle = (x!.accountHandle ?? '').replace(/^@/, '');
  expect(handle).not.toBe('');
  await expect(page.getByText(`${x!.accountName} @${handle}`, { exact: true })).toBeVisible();

  await page.goto(`${server.url}/settings/privacy`);
  await expect(page.getByText(/ on \w+ This device$/)).toBeVisible();
});

test('the sidebar spans a long page, and toasts stay clear of the header and the composer', async ({
  page,
  context,
}) => {
  const user = await signedInUser(context, 'layout@example.com', ['linkedin']);
  const [linkedin] = await accounts(user);
  for (let i = 0; i < 8; i += 1) {
    const at = new Date(Date.now() + (i + 1) * 86_400_000);
    await schedule(user, linkedin!.id, `Long page post ${i + 1}`, at, 'normal');
  }
  await page.setViewportSize({ width: 1280, height: 520 });
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByText('Long page post 1', { exact: true })).toBeVisible();
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(520 * 1.5);
  const sidebar = page.locator('#app-sidebar-desktop');
  expect((await box(sidebar)).height).toBeGreaterThanOrEqual(pageHeight - 64 - 1);
  // Its content still stays in view while the page scrolls.
  await page.mouse.wheel(0, pageHeight);
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeInViewport();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await toastAfterQueueing(page);
  const toast = page.locator('[data-sonner-toast]').first();
  const toastBox = await box(toast);
  for (const name of ['Notifications', 'Profile menu']) {
    const control = page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .first();
    expect(overlaps(toastBox, await box(control)), name).toBe(false);
  }
  expect(toastBox.y).toBeGreaterThan(900 / 2);

  // Phones: the composer fills the screen with its close button at the top; toasts sit at the bottom.
  await page.setViewportSize({ width: 390, height: 844 });
  await toastAfterQueueing(page);
  const phoneToast = await box(page.locator('[data-sonner-toast]').first());
  expect(phoneToast.y).toBeGreaterThan(844 / 2);
  expect(phoneToast.y + phoneToast.height).toBeLessThanOrEqual(844);
});

/** Queues a post from the composer: its success toast shows. */
async function toastAfterQueueing(page: Page) {
  await page.getByRole('button', { name: 'Create new post' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Post' });
  await modal.getByRole('button', { name: /^LinkedIn: / }).click();
  await modal.getByLabel('Caption').fill(`Toast ${Date.now()}`);
  await modal.getByRole('button', { name: 'Add to queue' }).click();
  await expect(modal).toBeHidden();
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
}
