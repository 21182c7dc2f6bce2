// `npm run bench:popup-size`: builds the Chrome extension and prints the gzipped size of all
// JavaScript the popup loads (its entry and every chunk it imports); fails above 200 KB.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const LIMIT_BYTES = 200 * 1024;
const outDir = path.resolve('.output/chrome-mv3');

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['wxt', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.error('Building the extension failed.');
    process.exit(1);
  }
}

const html = fs.readFileSync(path.join(outDir, 'popup.html'), 'utf8');
const entries = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]);
const seen = new Set();
const queue = entries.map((src) => path.join(outDir, src.replace(/^\//, '')));
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = fs.readFileSync(file, 'utf8');
  // Static and dynamic imports of other chunks (relative or root-absolute).
  for (const match of code.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+\.js)["']/g)) {
    const spec = match[1];
    queue.push(
      spec.startsWith('/') ? path.join(outDir, spec.slice(1)) : path.resolve(path.dirname(file), spec),
    );
  }
}

let raw = 0;
let gzipped = 0;
for (const file of seen) {
  const bytes = fs.readFileSync(file);
  const size = zlib.gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzipped += size;
  console.log(
    `  ${path.relative(outDir, file).padEnd(40)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB  ${(size / 1024).toFixed(1).padStart(6)} KB gzipped`,
  );
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`Popup JavaScript: ${kb(raw)} raw, ${kb(gzipped)} gzipped (limit ${kb(LIMIT_BYTES)} gzipped)`);
if (gzipped > LIMIT_BYTES) {
  console.error('The popup is over its size budget.');
  process.exit(1);
}
