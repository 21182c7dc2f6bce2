import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';

/**
 * The Chrome package (.output/chrome-mv3, built by `npm test`) loads in Chromium without a
 * manifest warning, as chrome://extensions shows them in developer mode. A copy with a key
 * Chromium does not know is loaded beside it, so the check is seen to catch a warning.
 */
const EXTENSION_DIR = path.resolve('.output/chrome-mv3');

interface ExtensionInfo {
  id: string;
  path: string;
  installWarnings: string[];
  manifestErrors: Array<{ message: string }>;
}
// chrome://extensions' API, as far as this story uses it.
declare const chrome: {
  developerPrivate: {
    updateProfileConfiguration(update: { inDeveloperMode: boolean }, done: () => void): void;
    getExtensionsInfo(options: { includeDisabled: boolean }, done: (list: ExtensionInfo[]) => void): void;
    reload(
      id: string,
      options: { failQuietly: boolean; populateErrorForUnpacked: boolean },
      done: () => void,
    ): void;
  };
};

test('Chromium shows no manifest warning for the Chrome package', async () => {
  expect(fs.existsSync(path.join(EXTENSION_DIR, 'manifest.json')), 'build it with: npx wxt build').toBe(true);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-manifest-'));
  const control = path.join(tmp, 'control');
  fs.cpSync(EXTENSION_DIR, control, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(control, 'manifest.json'), 'utf8'));
  // Its own id (no pinned key), and a key Chromium warns about.
  delete manifest.key;
  manifest.not_a_manifest_key = true;
  fs.writeFileSync(path.join(control, 'manifest.json'), JSON.stringify(manifest));

  const both = `${EXTENSION_DIR},${control}`;
  const context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
    headless: true,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      `--disable-extensions-except=${both}`,
      `--load-extension=${both}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await context.newPage();
    await page.goto('chrome://extensions');
    // Manifest warnings are kept in developer mode only: turn it on and load both again.
    const extensions = await page.evaluate(
      async (paths) => {
        const api = chrome.developerPrivate;
        const list = () =>
          new Promise<ExtensionInfo[]>((done) => api.getExtensionsInfo({ includeDisabled: true }, done));
        await new Promise<void>((done) => api.updateProfileConfiguration({ inDeveloperMode: true }, done));
        for (const extension of await list()) {
          if (!paths.includes(extension.path)) continue;
          await new Promise<void>((done) =>
            api.reload(extension.id, { failQuietly: true, populateErrorForUnpacked: true }, done),
          );
        }
        return (await list()).filter((extension) => paths.includes(extension.path));
      },
      [EXTENSION_DIR, control],
    );
    const warningsOf = (dir: string) => {
      const extension = extensions.find((e) => e.path === dir);
      if (!extension) throw new Error(`Chromium did not load ${dir}`);
      return [...extension.installWarnings, ...extension.manifestErrors.map((error) => error.message)];
    };
    expect(warningsOf(control)).toEqual(["Unrecognized manifest key 'not_a_manifest_key'."]);
    expect(warningsOf(EXTENSION_DIR)).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
