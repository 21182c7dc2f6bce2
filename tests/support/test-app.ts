import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.js';
import { type Config, loadConfig } from '../../server/config.js';
import { createLogger } from '../../server/core/logger.js';
import { migrateToLatest } from '../../server/db/database.js';
import { createDeps } from '../../server/deps.js';
import type { AppDeps } from '../../server/http/types.js';
import { startNotificationWorker } from '../../server/notifications/notification-worker.js';
import { createTestDatabase } from './test-database-kind.js';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  config: Config;
  dataDir: string;
  /** `app.request` with JSON helpers; keeps no cookies (pass `headers.cookie` yourself). */
  request: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;
  close: () => Promise<void>;
}

/**
 * A fresh app in a temporary DATA_DIR on a new, migrated database: a SQLite file there, or a
 * PostgreSQL database when the tests run on PostgreSQL (test-database-kind.ts).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-test-'));
  const database = await createTestDatabase(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SCHEDULER: 'off',
    APP_URL: 'http://localhost:3000',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    ...database.env,
    ...env,
  });
  const db = database.open();
  await migrateToLatest(db);
  const deps = createDeps({
    config,
    db,
    logger: createLogger('silent'),
  });
  const app = createApp(deps, { serveWebapp: false });
  // As server/main.ts runs it: a notification's e-mail and push go out at once after it is stored.
  const notificationWorker = startNotificationWorker(deps);
  const request = (p: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set('content-type', 'application/json');
    return Promise.resolve(
      app.request(p, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) }),
    );
  };
  return {
    app,
    deps,
    config,
    dataDir,
    request,
    close: async () => {
      // Test files share worker processes (vitest's isolate: false): leave no scheduler ticking.
      await deps.engine.stop();
      await notificationWorker.stop();
      await db.destroy();
      try {
        await database.release();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
