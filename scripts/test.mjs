// `npm test`: builds what the browser tests need, runs vitest and Playwright, and ends
// with one line `N passed, N failed` summed from both runners' JSON reports.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { startPgCluster, stopPgCluster } from './pg-cluster.mjs';

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts });
fs.rmSync('reports', { recursive: true, force: true });
fs.mkdirSync('reports', { recursive: true });

ensureChromium();

let buildFailed = false;
for (const [label, args] of [
  ['web app', ['vite', 'build', '--logLevel', 'warn']],
  ['extension', ['wxt', 'build']],
  ['extension (Firefox)', ['wxt', 'build', '-b', 'firefox']],
]) {
  console.log(`\n› Building the ${label}`);
  if (run('npx', args).status !== 0) {
    console.error(`Building the ${label} failed.`);
    buildFailed = true;
  }
}

// One private PostgreSQL for every test file that needs one (each makes its own databases on it).
const postgres = await startPostgres();

console.log('\n› Unit and integration tests (vitest)');
run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json'],
  { env: { ...process.env, ...(postgres ? { POSTLOOM_TEST_PG_URL: postgres.url } : {}) } },
);
if (postgres) await stopPgCluster(postgres);

console.log('\n› Browser tests (Playwright, Chromium)');
run('npx', ['playwright', 'test'], {
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: 'reports/playwright.json' },
});

const counts = { passed: 0, failed: buildFailed ? 1 : 0 };
addVitest(counts);
addPlaywright(counts);
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed > 0 || counts.passed === 0 ? 1 : 0);

function addVitest(counts) {
  const report = readJson('reports/vitest.json');
  if (!report) {
    counts.failed += 1;
    return;
  }
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  // A file that fails to load has no tests but still failed.
  counts.failed += (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
  ).length;
}

function addPlaywright(counts) {
  const report = readJson('reports/playwright.json');
  if (!report) {
    counts.failed += 1;
    return;
  }
  const stats = report.stats ?? {};
  counts.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  counts.failed += stats.unexpected ?? 0;
  counts.failed += (report.errors ?? []).length;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    console.error(`No report at ${file}.`);
    return null;
  }
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(path)) return;
  if (process.getuid?.() === 0) {
    console.log("› Installing Debian's Chromium for the browser tests");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `Chromium is missing at ${path}: install Debian's chromium package (sudo apt-get install chromium).`,
    );
  }
}

async function startPostgres() {
  if (process.env.POSTLOOM_TEST_PG_URL) return null;
  console.log('\n› Starting a private PostgreSQL');
  try {
    return await startPgCluster();
  } catch (error) {
    // The PostgreSQL tests then say why they are skipped (or fail under CI=true).
    console.error(`No PostgreSQL for the tests: ${error.message}`);
    return null;
  }
}
