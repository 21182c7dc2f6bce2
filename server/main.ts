import { serve } from '@hono/node-server';
import { startDemoSandbox } from './accounts/start-demo-sandbox.js';
import { startTokenRefreshJob } from './accounts/token-refresh.job.js';
import { startAnalyticsJob } from './analytics/analytics.job.js';
import { createApp } from './app.js';
import { runsBackgroundWork, serverStartProblem, servesApp } from './cluster-config.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './core/logger.js';
import { databaseOptions, migrateToLatest, openDatabase } from './db/database.js';
import { describeDatabaseError } from './db/database-errors.js';
import { createDeps } from './deps.js';
import { startFeedsJob } from './feeds/feeds.job.js';
import { createWorkerApp } from './instance/worker-app.js';
import { startPruneJob } from './maintenance/prune.job.js';
import { startNotificationWorker } from './notifications/notification-worker.js';
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
  const startProblem = serverStartProblem(config);
  if (startProblem) {
    console.error(`Cannot start: ${startProblem}`);
    process.exit(1);
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
  // ROLE=worker answers /api/health only; web and all serve the API and the web app.
  const app = servesApp(config) ? createApp(deps) : createWorkerApp(deps);
  logStartupAdvice(config, deps.logger);

  const stops: Array<() => Promise<void> | void> = [];
  // This process among the install's: its heartbeat, and on PostgreSQL the LISTEN connection
  // that wakes its engine and relays live events (stopped last: stops run in reverse).
  await deps.cluster.start(deps.events);
  stops.push(() => deps.cluster.stop());

  let sandbox: Awaited<ReturnType<typeof startDemoSandbox>>;
  try {
    sandbox = await startDemoSandbox(config, deps.logger);
  } catch (error) {
    // A taken sandbox port is most likely another Postloom's sandbox: never use it unknowingly.
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    await db.destroy().catch(() => undefined);
    process.exit(1);
  }
  if (sandbox) stops.push(() => sandbox.close());

  const server = serve({ fetch: app.fetch, port: config.PORT }, (info) => {
    deps.logger.info('Postloom is listening', { port: info.port, url: config.APP_URL });
  });
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // ROLE=web runs no engine and no timed jobs; SCHEDULER=off keeps only pruning (as before ROLE).
  const background = runsBackgroundWork(config);
  if (background) stops.push(startTokenRefreshJob(deps));
  if (background) stops.push(startAnalyticsJob(deps));
  if (config.ROLE !== 'web') stops.push(startPruneJob(deps));

  // Notification e-mails and pushes, written with their notifications: sent and retried by every
  // process but a web one (SCHEDULER=off too: Post Now still notifies), each by one of them.
  // Stopped after the engine (stops run in reverse), which may still notify while it stops.
  if (config.ROLE !== 'web') {
    const notifications = startNotificationWorker(deps);
    stops.push(() => notifications.stop());
  }

  if (background) {
    await deps.engine.start();
    stops.push(() => deps.engine.stop());
  }

  // The webhook outbox: deliveries written with the changes they report, sent and retried here.
  if (background) {
    const webhooks = startWebhookWorker(deps);
    stops.push(() => webhooks.stop());
  }

  // Queues create scheduled posts for the engine above; stopped first (stops run in reverse).
  if (background) stops.push(startQueueRunner(deps));
  // Feeds add queue items and drafts; stopped before the queue runner.
  if (background) stops.push(startFeedsJob(deps));

  const shutdown = async () => {
    for (const stop of stops.reverse()) await stop();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

await main();
