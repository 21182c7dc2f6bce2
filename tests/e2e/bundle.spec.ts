import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { gzippedSize, KIB, PAGES, pageFiles, readManifest } from '../../scripts/bundle-pages.mjs';
import { createConfirmedUser } from '../support/http-user';
import { type RunningServer, startServer } from '../support/spawn-server';

// `npm run bench:bundle` says what each page downloads from Vite's manifest; this story checks
// it against what Chromium really requests, so the budget measures what a browser loads.
let server: RunningServer;
const manifest = readManifest(path.resolve('dist/webapp'));

test.beforeAll(async () => {
  server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
});

/** Records every JavaScript file of the build the page downloads, with its gzipped size. */
function recordScripts(page: Page) {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/assets/') || !pathname.endsWith('.js')) return;
    scripts.set(pathname.slice(1), gzippedSize(await response.body()));
  });
  return scripts;
}

function expected(pagePath: string) {
  const page = PAGES.find((candidate) => candidate.path === pagePath);
  if (!manifest || !page) throw new Error(`no manifest, or no page ${pagePath} in scripts/bundle-pages.mjs`);
  return [...pageFiles(manifest, page)].sort();
}

async function expectScripts(scripts: Map<string, number>, pagePath: string) {
  const files = expected(pagePath);
  await expect.poll(() => [...scripts.keys()].sort()).toEqual(files);
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({
    type: 'gzipped JavaScript',
    description: `${pagePath}: ${files.length} files, ${(total / KIB).toFixed(1)} KB`,
  });
}

test('the sign-in and sign-up pages download exactly the files bench:bundle counts', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto(`${server.url}/login`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expectScripts(scripts, '/login');

  const signup = await page.context().newPage();
  const signupScripts = recordScripts(signup);
  await signup.goto(`${server.url}/signup`);
  await expect(signup.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectScripts(signupScripts, '/signup');
});

test('the dashboard downloads exactly the files bench:bundle counts, the composer when opened', async ({
  page,
}) => {
  const user = await createConfirmedUser(server, `bundle-${Date.now()}@example.com`);
  const login = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: user.email, password: user.password, remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  const scripts = recordScripts(page);
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Content Calendar' })).toBeVisible();
  await expectScripts(scripts, '/dashboard');

  // The composer's chunk is not part of the dashboard's budget: it comes with the first opening.
  const composer = manifest?.['shared/composer/create-post-modal.tsx']?.file;
  expect(composer && scripts.has(composer)).toBe(false);
  await page.getByRole('button', { name: 'Create new post' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Create Post' })).toBeVisible();
  // Recorded once its body has been read, which may end after the dialog shows.
  await expect.poll(() => composer && scripts.has(composer)).toBe(true);
});
