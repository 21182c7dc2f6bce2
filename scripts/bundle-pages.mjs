// What a browser downloads for each page of the built web app, read from Vite's manifest: the
// entry of index.html with its static imports (which Vite also modulepreloads), plus the page's
// lazy route chunks with their static imports, each file once. Used by `npm run bench:bundle` and
// by the Playwright story that checks these lists against what Chromium really requests.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const KIB = 1024;
/** Vite's chunkSizeWarningLimit (500, in kB of minified code). */
export const CHUNK_LIMIT_BYTES = 500 * 1000;

/**
 * The modules (keys of Vite's manifest: paths under webapp/) each page loads before the user does
 * anything: keep in step with webapp/app/router.tsx and features/auth/routes.tsx. The signed-in
 * pages load the shell and the subscription gate around them. A page without a budget is printed
 * for information.
 */
const SIGNED_IN = ['app/shell/app-shell.tsx', 'features/billing/components/subscription-gate.tsx'];
export const PAGES = [
  { path: '/login', budgetKiB: 120, modules: ['features/auth/pages/login-page.tsx'] },
  { path: '/signup', budgetKiB: 120, modules: ['features/auth/pages/signup-page.tsx'] },
  { path: '/dashboard', budgetKiB: 250, modules: [...SIGNED_IN, 'app/pages/dashboard-page.tsx'] },
  { path: '/calendar', modules: [...SIGNED_IN, 'features/calendar/pages/calendar-page.tsx'] },
  { path: '/sent', modules: [...SIGNED_IN, 'features/posts/pages/sent-page.tsx'] },
  { path: '/schedule', modules: [...SIGNED_IN, 'features/schedule/pages/schedule-page.tsx'] },
  { path: '/automated-queues', modules: [...SIGNED_IN, 'features/queues/pages/queues-page.tsx'] },
  { path: '/analytics', modules: [...SIGNED_IN, 'features/analytics/pages/analytics-page.tsx'] },
  {
    path: '/settings/profile',
    modules: [
      ...SIGNED_IN,
      'features/settings/pages/settings-layout.tsx',
      'features/settings/pages/profile-page.tsx',
    ],
  },
];

/** Vite's manifest of the web app built into `outDir`, or null when there is none. */
export function readManifest(outDir) {
  const file = path.join(outDir, '.vite/manifest.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

/** The JS files (paths under outDir, e.g. assets/index-x.js) a page loads; throws on an unknown module. */
export function pageFiles(manifest, page) {
  const files = new Set();
  const add = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the Vite manifest: update PAGES in scripts/bundle-pages.mjs.`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  add('index.html');
  for (const module of page.modules) add(module);
  return files;
}

/** The size of bytes compressed with gzip at its best level (what a compressing server sends at most). */
export function gzippedSize(bytes) {
  return zlib.gzipSync(bytes, { level: 9 }).length;
}

/** Every JS chunk of the build over Vite's chunk size limit. */
export function oversizedChunks(manifest, outDir) {
  const files = new Set(Object.values(manifest).map((chunk) => chunk.file));
  return [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, bytes: fs.statSync(path.join(outDir, file)).size }))
    .filter((chunk) => chunk.bytes > CHUNK_LIMIT_BYTES);
}
