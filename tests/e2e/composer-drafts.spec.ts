import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server';
import { apiCall, connectSandboxAccount, createConfirmedUser, type HttpUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

/** Typed text is never thrown away: "Discard this post?" on every way out, and a copy that survives a reload. */
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

async function signedInUser(context: BrowserContext, email: string): Promise<HttpUser> {
  const user = await createConfirmedUser(server, email);
  await connectSandboxAccount(server.url, user.token, 'linkedin');
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  return user;
}

async function openComposer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Create new post' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Post' });
  await expect(modal).toBeVisible();
  return modal;
}

function discardDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Discard this post?' });
}

test('every way out of a composer holding text asks "Discard this post?" first', async ({
  page,
  context,
}) => {
  await signedInUser(context, 'discard-story@example.com');
  await page.goto(`${server.url}/dashboard`);

  // Empty: Esc closes at once.
  let modal = await openComposer(page);
  await modal.getByRole('button', { name: /^LinkedIn: / }).click();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  modal = await openComposer(page);
  await modal.getByRole('button', { name: /^LinkedIn: / }).click();
  // One "Add media" control: the file input has a name of its own.
  await expect(modal.getByRole('button', { name: 'Add Media', exact: true })).toHaveCount(1);
  await modal.getByLabel('Caption').fill('Words worth keeping');

  const ways: Array<[string, () => Promise<void>]> = [
    ['Escape', () => page.keyboard.press('Escape')],
    ['Cancel', () => modal.getByRole('button', { name: 'Cancel' }).click()],
    ['Close', () => modal.getByRole('button', { name: 'Close', exact: true }).click()],
    [
      'a click outside',
      () =>
        page
          .getByTestId('modal-backdrop')
          .first()
          .click({ position: { x: 5, y: 5 } }),
    ],
  ];
  for (const [way, close] of ways) {
    await close();
    const dialog = discardDialog(page);
    await expect(dialog, way).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    if (way === 'Cancel') await page.screenshot({ path: test.info().outputPath('discard-dialog.png') });
    // Escape in the question answers the question only: the composer stays open with the text.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(modal.getByLabel('Caption')).toHaveValue('Words worth keeping');
  }

  await modal.getByRole('button', { name: 'Cancel' }).click();
  await discardDialog(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(modal.getByLabel('Caption')).toHaveValue('Words worth keeping');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await discardDialog(page).getByRole('button', { name: 'Discard' }).click();
  await expect(modal).toBeHidden();

  // Discarded means gone: the next composer starts empty without offering anything back.
  modal = await openComposer(page);
  await expect(page.getByRole('dialog', { name: 'Restore your unsent post?' })).toBeHidden();
  await modal.getByRole('button', { name: /^LinkedIn: / }).click();
  await expect(modal.getByLabel('Caption')).toHaveValue('');
});

test('a chosen time alone is worth asking about', async ({ page, context }) => {
  await signedInUser(context, 'discard-time@example.com');
  await page.goto(`${server.url}/dashboard`);
  const modal = await openComposer(page);
  await modal.getByRole('button', { name: /^LinkedIn: / }).click();
  await modal.getByRole('button', { name: 'Edit scheduled date' }).click();
  await modal.getByRole('button', { name: 'Next month' }).click();
  await modal.getByRole('button', { name: / 15, \d{4}$/ }).click();
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(discardDialog(page)).toBeVisible();
});

test('an unsent post with its image comes back after a reload, and is gone once scheduled', async ({
  page,
  context,
}) => {
  const user = await signedInUser(context, 'restore-story@example.com');
  await page.goto(`${server.url}/dashboard`);
  let modal = await openComposer(page);
  await modal.getByRole('button', { name: /^LinkedIn: / }).click();
  await modal.getByLabel('Caption').fill('Half-written launch post 🚀');
  const image = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
  await modal
    .getByLabel('Add Media')
    .setInputFiles({ name: 'launch.jpg', mimeType: 'image/jpeg', buffer: image });
  await expect(modal.getByRole('button', { name: 'Remove launch.jpg' })).toBeVisible();
  await expect(modal.getByRole('progressbar')).toHaveCount(0);

  // The tab goes away without closing the composer (a crash, a closed tab).
  await page.reload();
  modal = await openComposer(page);
  const offer = page.getByRole('dialog', { name: 'Restore your unsent post?' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Half-written launch post 🚀');
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(offer).toBeHidden();
  await expect(modal.getByLabel('Caption')).toHaveValue('Half-written launch post 🚀');
  await expect(modal.getByRole('button', { name: 'Remove launch.jpg' })).toBeVisible();

  await modal.getByRole('button', { name: 'Add to queue' }).click();
  await expect(modal).toBeHidden();
  const { posts } = await apiCall<{ posts: Array<{ content: string; media: unknown[] }> }>(
    server.url,
    user.token,
    '/api/posts?view=upcoming',
  );
  expect(posts.find((p) => p.content === 'Half-written launch post 🚀')?.media).toHaveLength(1);

  // Saved: nothing is offered any more.
  await page.reload();
  modal = await openComposer(page);
  await modal.getByRole('button', { name: /^LinkedIn: / }).click();
  await expect(modal.getByLabel('Caption')).toHaveValue('');
  await expect(page.getByRole('dialog', { name: 'Restore your unsent post?' })).toBeHidden();
});

test('the offer can be declined, and the copy belongs to its user', async ({ page, context }) => {
  await signedInUser(context, 'restore-decline@example.com');
  await page.goto(`${server.url}/dashboard`);
  let modal = await openComposer(page);
  await modal.getByRole('button', { name: /^LinkedIn: / }).click();
  await modal.getByLabel('Caption').fill('Not this one');
  await page.reload();

  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('unsent-post')));
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^postloom:unsent-post:.+/);

  modal = await openComposer(page);
  await page
    .getByRole('dialog', { name: 'Restore your unsent post?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await modal.getByRole('button', { name: /^LinkedIn: / }).click();
  await expect(modal.getByLabel('Caption')).toHaveValue('');
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('unsent-post'))),
  ).toEqual([]);
});
