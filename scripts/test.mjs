// `npm test`: builds what the tests need, checks the web app's bundle budget, lints the served
// OpenAPI document (Redocly) and the Firefox build with Mozilla's addons-linter, starts a private PostgreSQL, runs vitest and Playwright at
// the same time (their files start their own servers on free ports, in their own temporary
// directories and databases; every test that touches the database runs on SQLite and, in vitest's
// postgres project, on PostgreSQL; after the browser stories, the sign-in, compose-and-publish and
// calendar ones run again on PostgreSQL), prints each database's counts, and ends with one line
// `N passed, N failed` summed from both runners' reports, a failed build, budget or lint (the
// Firefox build's, the OpenAPI document's) counting as one failure each.
// Their outputs are not mixed: vitest's is shown as it comes, Playwright's once vitest is done.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { TEST_SERVER_FILE } from './build-test-server.mjs';
import { OutputInTurn } from './output-in-turn.mjs';
import { startPgCluster, stopPgCluster } from './pg-cluster.mjs';

// tests/support/spawn-server.ts reads it.
const TEST_SERVER_VARIABLE = 'POSTLOOM_TEST_SERVER';
// vitest's counts per database (tests/support/database-counts-reporter.ts writes them).
const DATABASE_COUNTS_REPORTER = 'tests/support/database-counts-reporter.ts';
const DATABASE_COUNTS_FILE = 'reports/vitest-databases.json';
const PLAYWRIGHT_POSTGRES_FILE = 'reports/playwright-postgres.json';
const started = Date.now();
fs.rmSync('reports', { recursive: true, force: true });
fs.mkdirSync('reports', { recursive: true });

ensureChromium();

// The builds at the same time (each takes a few seconds), their outputs shown one after another.
const builds = await Promise.all(
  [
    ['the web app', ['vite', 'build', '--logLevel', 'warn']],
    ['the extension', ['wxt', 'build']],
    ['the extension (Firefox)', ['wxt', 'build', '-b', 'firefox']],
  ]
    .map(([label, args]) => runCaptured(label, 'npx', args))
    .concat(runCaptured('the server for the tests', process.execPath, ['scripts/build-test-server.mjs'])),
);
const checks = { failed: 0 };
for (const build of builds) {
  console.log(`\n› Building ${build.label}\n${build.output.trimEnd()}`);
  if (build.code !== 0) {
    console.error(`Building ${build.label} failed.`);
    checks.failed += 1;
  }
}

// Sizes are deterministic: a page over its budget (or a chunk over 500 kB) is one failure.
console.log("\n› The web app's JavaScript per page against its budget (npm run bench:bundle)");
if (builds[0].code !== 0) {
  console.error('Not measured: the web app did not build.');
} else if (
  spawnSync(process.execPath, ['scripts/bench-bundle.mjs', '--no-build'], { stdio: 'inherit' }).status !== 0
) {
  checks.failed += 1;
}

console.log("\n› The Firefox build through Mozilla's addons-linter (npm run lint:extension)");
if (spawnSync(process.execPath, ['scripts/lint-extension.mjs'], { stdio: 'inherit' }).status !== 0) {
  console.error('The extension does not pass the linter.');
  checks.failed += 1;
}

console.log("\n› The served OpenAPI document through Redocly's recommended rules (npm run lint:openapi)");
if (
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/lint-openapi.ts'], { stdio: 'inherit' }).status !==
  0
) {
  console.error('The OpenAPI document does not pass the linter.');
  checks.failed += 1;
}

// One private PostgreSQL for every test file that needs one (each makes its own databases on it).
const { cluster: postgres, problem: postgresProblem } = await startPostgres();

const testServer = builds.at(-1).code === 0 ? { [TEST_SERVER_VARIABLE]: TEST_SERVER_FILE } : {};
const shared = { ...testServer, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) };
const onCluster = postgres ? { POSTLOOM_TEST_PG_URL: postgres.url } : {};
const output = new OutputInTurn();
console.log('\n› Unit and integration tests (vitest), browser tests (Playwright) running alongside');
const [vitest, playwright] = await Promise.all([
  output.run(
    null,
    'npx',
    [
      'vitest',
      'run',
      // One file per core: Playwright, the longer of the two, has the other half of the machine.
      `--maxWorkers=${Math.max(2, os.availableParallelism())}`,
      '--reporter=default',
      `--reporter=./${DATABASE_COUNTS_REPORTER}`,
    ],
    {
      ...shared,
      ...onCluster,
      // vitest's postgres project then reports one skipped test with the reason (failed under CI=true).
      ...(postgresProblem ? { POSTLOOM_TEST_PG_UNAVAILABLE: postgresProblem } : {}),
    },
  ),
  output
    .run('Browser tests (Playwright, Chromium), run alongside vitest', 'npx', ['playwright', 'test'], {
      ...shared,
      PLAYWRIGHT_JSON_OUTPUT_NAME: 'reports/playwright.json',
    })
    // Then the sign-in, compose-and-publish and calendar stories once more, on PostgreSQL.
    .then(async (result) => {
      if (!postgres) return result;
      const again = await output.run(
        'Browser stories on PostgreSQL (sign-in, compose and publish, calendar)',
        'npx',
        ['playwright', 'test'],
        {
          ...shared,
          ...onCluster,
          POSTLOOM_TEST_DATABASE: 'postgres',
          PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_POSTGRES_FILE,
        },
      );
      return { code: result.code || again.code, ms: result.ms + again.ms };
    }),
]);
if (postgres) await stopPgCluster(postgres);

const counts = { passed: 0, failed: checks.failed };
const databases = addVitest(counts);
const browsers = {
  sqlite: addPlaywright(counts, 'reports/playwright.json'),
  postgres: postgres ? addPlaywright(counts, PLAYWRIGHT_POSTGRES_FILE) : missingPostgres(counts),
};
printDatabaseCounts(databases, browsers);
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
console.log(
  `\nvitest ${seconds(vitest.ms)}, Playwright ${seconds(playwright.ms)}, npm test ${seconds(Date.now() - started)}`,
);
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed > 0 || counts.passed === 0 ? 1 : 0);

/** Runs a command with its output captured; resolves with its exit code and output. */
function runCaptured(label, cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.stderr.on('data', (chunk) => {
      text += chunk;
    });
    child.on('error', (error) => resolve({ label, code: 1, output: `${text}${error.message}\n` }));
    child.on('close', (code) => resolve({ label, code, output: text }));
  });
}

/** Adds vitest's counts (per database, written by its reporter) and answers them. */
function addVitest(counts) {
  const report = readJson(DATABASE_COUNTS_FILE);
  if (!report) {
    counts.failed += 1;
    return null;
  }
  for (const database of Object.values(report)) {
    counts.passed += database.passed;
    counts.failed += database.failed;
  }
  return report;
}

/**
 * One line per database: vitest's projects (unit and integration on SQLite files, the postgres
 * project) and the Playwright runs (every story on SQLite, the chosen ones on PostgreSQL).
 */
function printDatabaseCounts(databases, browsers) {
  console.log('');
  for (const [key, label] of [
    ['sqlite', 'SQLite (vitest unit and integration tests, every browser story)'],
    [
      'postgres',
      'PostgreSQL (vitest: every test that touches the database; browser: sign-in, compose and publish, calendar)',
    ],
  ]) {
    const parts = [databases?.[key], browsers[key]].filter(Boolean);
    const sum = (field) => parts.reduce((total, part) => total + (part[field] ?? 0), 0);
    const reasons = [...new Set(parts.flatMap((part) => part.skipReasons ?? []))];
    const skipped = sum('skipped');
    const skips =
      skipped > 0 ? `, ${skipped} skipped${reasons.length ? ` (${reasons.join('; ')})` : ''}` : '';
    console.log(`${label}: ${sum('passed')} passed, ${sum('failed')} failed${skips}`);
  }
}

/** The PostgreSQL browser stories could not run: skipped with the reason, a failure under CI. */
function missingPostgres(counts) {
  const failed = process.env.CI === 'true' ? 1 : 0;
  counts.failed += failed;
  return { passed: 0, failed, skipped: 1, skipReasons: [`PostgreSQL unavailable: ${postgresProblem}`] };
}

/** Adds a Playwright run's counts from its JSON report and answers them. */
function addPlaywright(counts, file) {
  const report = readJson(file);
  if (!report) {
    counts.failed += 1;
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const stats = report.stats ?? {};
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  const failed = (stats.unexpected ?? 0) + (report.errors ?? []).length;
  counts.passed += passed;
  counts.failed += failed;
  return { passed, failed, skipped: stats.skipped ?? 0 };
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
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `Chromium is missing at ${path}: install Debian's chromium package (sudo apt-get install chromium).`,
    );
  }
}

async function startPostgres() {
  if (process.env.POSTLOOM_TEST_PG_URL) return { cluster: null, problem: null };
  console.log('\n› Starting a private PostgreSQL');
  try {
    return { cluster: await startPgCluster(), problem: null };
  } catch (error) {
    // The PostgreSQL tests then say why they are skipped (or fail under CI=true).
    console.error(`No PostgreSQL for the tests: ${error.message}`);
    return { cluster: null, problem: error.message.split('\n')[0] };
  }
}
