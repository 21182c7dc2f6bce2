// `npm run lint:openapi`: the OpenAPI document as the app serves it (built in this process, no
// network listener, on a throw-away SQLite file), through Redocly's recommended rules. Exits 1
// on any error; Redocly's own report says which operations and rules.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/core/logger.js';
import { databaseFile, openDatabase } from '../server/db/database.js';
import { createDeps } from '../server/deps.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-openapi-'));
const file = path.join(dataDir, 'openapi.json');
let status = 1;
try {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SCHEDULER: 'off',
    APP_URL: process.env.APP_URL ?? 'https://postloom.example',
  });
  const db = openDatabase({ file: databaseFile(dataDir) });
  const deps = createDeps({ config, db, logger: createLogger('silent') });
  const response = await createApp(deps, { serveWebapp: false }).request('/api/openapi.json');
  fs.writeFileSync(file, await response.text());
  await deps.engine.stop();
  await db.destroy();
  const lint = spawnSync('npx', ['redocly', 'lint', '--extends', 'recommended', '--format', 'stylish', file], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  status = lint.status ?? 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
