// `npm run bench:bundle`: builds the web app (unless --no-build) and prints, for each page, the
// gzipped JavaScript a browser downloads to show it: the entry of index.html with its static
// imports (which Vite also modulepreloads), plus the page's lazy route chunks with their static
// imports. Each file counts once. Exits non-zero when a page is over its budget or a chunk is over
// Vite's 500 kB warning limit. Sizes are deterministic (no timing), so `npm test` runs it as a check.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KIB = 1024;
/** Vite's chunkSizeWarningLimit (500, in kB of minified code). */
const CHUNK_LIMIT_BYTES = 500 * 1000;
const outDir = path.resolve(process.argv.find((arg) => arg.startsWith('--dir='))?.slice(6) ?? 'dist/webapp');
const manifestFile = path.join(outDir, '.vite/manifest.json');

/**
 * The modules (keys of Vite's manifest: paths under webapp/) each page's router loads before the
 * user does anything: keep in step with webapp/app/router.tsx and features/auth/routes.tsx. The
 * signed-in pages load the shell and the subscription gate around them. A page without a budget
 * is printed for information.
 */
const SIGNED_IN = ['app/shell/app-shell.tsx', 'features/billing/components/subscription-gate.tsx'];
const PAGES = [
  { path: '/login', budgetKiB: 120, modules: ['features/auth/pages/login-page.tsx'] },
  { path: '/signup', budgetKiB: 120, modules: ['features/auth/pages/signup-page.tsx'] },
  { path: '/dashboard', budgetKiB: 250, modules: [...SIGNED_IN, 'app/pages/dashboard-page.tsx'] },
  { path: '/calendar', modules: [...SIGNED_IN, 'features/calendar/pages/calendar-page.tsx'] },
  { path: '/sent', modules: [...SIGNED_IN, 'features/posts/pages/sent-page.tsx'] },
  { path: '/schedule', modules: [...SIGNED_IN, 'features/schedule/pages/schedule-page.tsx'] },
  { path: '/automated-queues', modules: [...SIGNED_IN, 'features/queues/pages/queues-page.tsx'] },
  {
    path: '/analytics',
    modules: [...SIGNED_IN, 'features/analytics/pages/analytics-page.tsx'],
  },
  {
    path: '/settings/profile',
    modules: [
      ...SIGNED_IN,
      'features/settings/pages/settings-layout.tsx',
      'features/settings/pages/profile-page.tsx',
    ],
  },
];

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('Building the web app failed.');
    process.exit(1);
  }
}
if (!fs.existsSync(manifestFile)) {
  console.error(
    `No Vite manifest at ${path.relative(process.cwd(), manifestFile)}: build the web app first.`,
  );
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const gzipCache = new Map();
let failed = false;

/** The JS files a manifest entry loads at once: its own file and its static imports, recursively. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`${key} is not in the Vite manifest: update PAGES in scripts/bench-bundle.mjs.`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

function gzippedSize(file) {
  if (!gzipCache.has(file)) {
    const bytes = fs.readFileSync(path.join(outDir, file));
    gzipCache.set(file, zlib.gzipSync(bytes, { level: 9 }).length);
  }
  return gzipCache.get(file);
}

const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KB`;
const entry = staticClosure('index.html');
console.log('Web app JavaScript per page, gzipped (KB = 1,024 bytes), before the first user action:');
for (const page of PAGES) {
  const files = new Set(entry);
  for (const module of page.modules) for (const file of staticClosure(module)) files.add(file);
  const total = [...files].reduce((sum, file) => sum + gzippedSize(file), 0);
  const over = page.budgetKiB !== undefined && total > page.budgetKiB * KIB;
  if (over) failed = true;
  const budget = page.budgetKiB === undefined ? '' : `budget ${page.budgetKiB} KB`;
  const verdict = page.budgetKiB === undefined ? '' : over ? 'OVER BUDGET' : 'ok';
  console.log(
    `  ${page.path.padEnd(18)} ${kib(total).padStart(9)}  ${String(files.size).padStart(2)} files  ${budget.padEnd(15)} ${verdict}`,
  );
}

const big = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file, index, all) => file.endsWith('.js') && all.indexOf(file) === index)
  .map((file) => ({ file, bytes: fs.statSync(path.join(outDir, file)).size }))
  .filter((chunk) => chunk.bytes > CHUNK_LIMIT_BYTES);
for (const chunk of big) {
  console.error(`  ${chunk.file} is ${(chunk.bytes / 1000).toFixed(1)} kB, over Vite's 500 kB chunk limit`);
  failed = true;
}
if (failed) {
  console.error('The web app is over its bundle budget: load what grew where it is first needed.');
  process.exit(1);
}
