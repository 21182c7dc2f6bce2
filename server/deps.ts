import { createLucia } from './auth/lucia.js';
import { createCluster } from './cluster/cluster.js';
import { runsBackgroundWork } from './cluster-config.js';
import type { Config } from './config.js';
import { createCipher, loadEncryptionKey } from './core/crypto.js';
import { createEventBus } from './core/event-bus.js';
import { createLogger, type Logger } from './core/logger.js';
import type { Db } from './db/database.js';
import { createEngine } from './engine/engine.js';
import { wakeEnginesOnDuePosts } from './engine/wake-on-due-posts.js';
import type { AppDeps, PublishingEngine } from './http/types.js';
import { createMailer } from './mail/mailer.js';
import { releaseOnDisconnect } from './posts/post-transitions.js';
import { replanQueueRuns } from './queues/replan-queue-runs.js';

/** Builds the services once; tests call this with their own config and database. */
export function createDeps({
  config,
  db,
  logger = createLogger(config.LOG_LEVEL),
}: {
  config: Config;
  db: Db;
  logger?: Logger;
}): AppDeps {
  const cipher = createCipher(loadEncryptionKey(config.ENCRYPTION_KEY, config.dataDir));
  const cluster = createCluster({
    db,
    databaseUrl: config.DATABASE_URL,
    // What this process runs, as the other processes and the health check see it.
    role: runsBackgroundWork(config) ? config.ROLE : 'web',
    logger,
  });
  // What this process publishes reaches the clients connected to the others too.
  const events = createEventBus({ relay: (userId, event) => cluster.relay(userId, event) });
  const deps: Omit<AppDeps, 'engine'> & { engine?: PublishingEngine } = {
    config,
    db,
    logger,
    cluster,
    mailer: createMailer({ config, db, logger, cipher }),
    events,
    cipher,
    lucia: createLucia(db, config, events),
    replanQueueRuns: (userId, now) => replanQueueRuns(db, userId, now),
    releaseAccountPosts: releaseOnDisconnect,
  };
  // The engine needs the other services; it is only started by server/main.ts.
  deps.engine = createEngine(deps as AppDeps);
  wakeEnginesOnDuePosts(events, cluster.signals);
  return deps as AppDeps;
}
