import { serve } from '@hono/node-server';
import { startDemoSandbox } from './accounts/start-demo-sandbox.js';
import { startTokenRefreshJob } from './accounts/token-refresh.job.js';
import { startAnalyticsJob } from './analytics/analytics.job.js';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './core/logger.js';
import { databaseOptions, migrateToLatest, openDatabase } from './db/database.js';
import { describeDatabaseError } from './db/database-errors.js';
import { createDeps } from './deps.js';
import { startFeedsJob } from './feeds/feeds.job.js';
import { startPruneJob } from './maintenance/prune.job.js';
import { logUnhandledRejections } from './process-handlers.js';
import { startQueueRunner } from './queues/queue-runner.js';
import { logStartupAdvice } from './startup-advice.js';
import { startWebhookWorker } from './webhooks/webhook-worker.js';

/** Starts Postloom: migrate, serve the API and the web app, start background work. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // DATABASE_URL: PostgreSQL, and no SQLite file is opened or created; unset: the file in DATA_DIR.
  const options = databaseOptions(config);
  const db = openDatabase({
    ...options,
    onIdleError: (error) => logger.warn('an idle database connection failed', { error }),
  });
  try {
    await migrateToLatest(db);
  } catch (error) {
    // An unreachable database, refused credentials, a database migrated by a newer Postloom:
    // one line and exit code 1, so a supervisor shows the reason instead of a crash loop of stacks.
    console.error(`Cannot start: ${describeDatabaseError(error, options.url)}`);
    await db.destroy().catch(() => undefined);
    process.exit(1);
  }
  const deps = createDeps({ config, db, logger });
  logUnhandledRejections(deps.logger);
  const app = createApp(deps);
  logStartupAdvice(config, deps.logger);

  const stops: Array<() => Promise<void> | void> = [];

  const sandbox = await startDemoSandbox(config, deps.logger);
  if (sandbox) stops.push(() => sandbox.close());

  const server = serve({ fetch: app.fetch, port: config.PORT }, (info) => {
    deps.logger.info('Postloom is listening', { port: info.port, url: config.APP_URL });
  });
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));

  if (config.SCHEDULER) stops.push(startTokenRefreshJob(deps));
  if (config.SCHEDULER) stops.push(startAnalyticsJob(deps));
  stops.push(startPruneJob(deps));

  if (config.SCHEDULER) {
    await deps.engine.start();
    stops.push(() => deps.engine.stop());
  }

  // The webhook outbox: deliveries written with the changes they report, sent and retried here.
  if (config.SCHEDULER) {
    const webhooks = startWebhookWorker(deps);
    stops.push(() => webhooks.stop());
  }

  // Queues create scheduled posts for the engine above; stopped first (stops run in reverse).
  if (config.SCHEDULER) stops.push(startQueueRunner(deps));
  // Feeds add queue items and drafts; stopped before the queue runner.
  if (config.SCHEDULER) stops.push(startFeedsJob(deps));

  const shutdown = async () => {
    for (const stop of stops.reverse()) await stop();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

await main();
