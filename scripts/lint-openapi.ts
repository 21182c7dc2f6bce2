// `npm run lint:openapi`: the OpenAPI document as the app serves it (built in this process with
// no network listener, on a throw-away SQLite file) through Redocly's recommended rules. Prints
// each problem with its operation and the totals; exits 1 on any error, and on any warning not
// accepted below with its reason.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/core/logger.js';
import { databaseFile, openDatabase } from '../server/db/database.js';
import { createDeps } from '../server/deps.js';

/** Warnings that describe the API as it is, by rule and operation. */
const ACCEPTED_WARNINGS = new Map([
  ['info-license #/info', 'the project has not declared a licence'],
  // Redirects by design: the browser goes to Google, then back to the web app.
  ['operation-2xx-response GET /api/auth/google/start', 'answers 302'],
  ['operation-2xx-response GET /api/auth/google/callback', 'answers 302'],
  // Public and without input: nothing the caller sends can be refused.
  ['operation-4xx-response GET /api/health', 'answers 200, or 503 when the database does not'],
  ['operation-4xx-response GET /api/app-config', 'always answers 200'],
]);

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-openapi-'));
const file = path.join(dataDir, 'openapi.json');
let failed = true;
try {
  fs.writeFileSync(file, await servedDocument());
  const lint = spawnSync('npx', ['redocly', 'lint', '--extends', 'recommended', '--format', 'json', file], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const report = JSON.parse(lint.stdout) as {
    totals: { errors: number; warnings: number };
    problems: Problem[];
  };
  for (const problem of report.problems) {
    console.log(`${problem.severity.padEnd(5)} ${problem.ruleId}  ${where(problem)}: ${problem.message}`);
  }
  const blocking = report.problems.filter(
    (problem) =>
      problem.severity === 'error' || !ACCEPTED_WARNINGS.has(`${problem.ruleId} ${where(problem)}`),
  );
  const { errors, warnings } = report.totals;
  console.log(
    `OpenAPI document (Redocly recommended): ${errors} errors, ${warnings} warnings, ${blocking.length} to fix`,
  );
  failed = blocking.length > 0;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/** GET /api/openapi.json from an app built like the server's, answered in this process. */
async function servedDocument(): Promise<string> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SCHEDULER: 'off',
    APP_URL: 'https://postloom.example',
  });
  const db = openDatabase({ file: databaseFile(dataDir) });
  const deps = createDeps({ config, db, logger: createLogger('silent') });
  try {
    const response = await createApp(deps, { serveWebapp: false }).request('/api/openapi.json');
    if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
    return await response.text();
  } finally {
    await deps.engine.stop();
    await db.destroy();
  }
}

/** `GET /api/posts/{id}` from a JSON pointer such as `#/paths/~1api~1posts~1{id}/get/responses`. */
function where(problem: Problem): string {
  const pointer = problem.location[0]?.pointer ?? '';
  const [, section, route, method] = pointer.split('/');
  if (section !== 'paths' || !route) return pointer;
  const decoded = decodeURIComponent(route).replaceAll('~1', '/').replaceAll('~0', '~');
  return method ? `${method.toUpperCase()} ${decoded}` : decoded;
}
