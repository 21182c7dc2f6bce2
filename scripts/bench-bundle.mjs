// `npm run bench:bundle`: builds the web app (unless --no-build) and prints, for each page, the
// gzipped JavaScript a browser downloads before the user does anything (scripts/bundle-pages.mjs
// says which files). Exits non-zero when a page is over its budget or a chunk is over Vite's
// 500 kB warning limit. Sizes are deterministic (no timing), so `npm test` runs it as a check.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzippedSize, KIB, oversizedChunks, PAGES, pageFiles, readManifest } from './bundle-pages.mjs';

const outDir = path.resolve('dist/webapp');

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('Building the web app failed.');
    process.exit(1);
  }
}
const manifest = readManifest(outDir);
if (!manifest) {
  console.error('No Vite manifest in dist/webapp/.vite: build the web app first (npm run build:webapp).');
  process.exit(1);
}

const sizes = new Map();
const sizeOf = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzippedSize(fs.readFileSync(path.join(outDir, file))));
  return sizes.get(file);
};
const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KB`;
let failed = false;

console.log('Web app JavaScript per page before the first user action, gzipped (KB = 1,024 bytes):');
for (const page of PAGES) {
  let files;
  try {
    files = pageFiles(manifest, page);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const total = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
  const columns = [page.path.padEnd(18), kib(total).padStart(9), `${String(files.size).padStart(2)} files`];
  if (page.budgetKiB !== undefined) {
    const over = total > page.budgetKiB * KIB;
    failed ||= over;
    columns.push(`budget ${page.budgetKiB} KB`.padEnd(15), over ? 'OVER BUDGET' : 'ok');
  }
  console.log(`  ${columns.join('  ')}`);
}

for (const chunk of oversizedChunks(manifest, outDir)) {
  console.error(`  ${chunk.file} is ${(chunk.bytes / 1000).toFixed(1)} kB, over Vite's 500 kB chunk limit`);
  failed = true;
}
if (failed) {
  console.error('The web app is over its bundle budget: load what grew where it is first needed.');
  process.exit(1);
}
