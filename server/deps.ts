import { createLucia } from './auth/lucia.js';
import type { Config } from './config.js';
import { createCipher, loadEncryptionKey } from './core/crypto.js';
import { createEventBus } from './core/event-bus.js';
import { createLogger, type Logger } from './core/logger.js';
import type { Db } from './db/database.js';
import { createEngine } from './engine/engine.js';
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
  const events = createEventBus();
  const deps: Omit<AppDeps, 'engine'> & { engine?: PublishingEngine } = {
    config,
    db,
    logger,
    mailer: createMailer({ config, db, logger, cipher }),
    events,
    cipher,
    lucia: createLucia(db, config, events),
    replanQueueRuns: (userId, now) => replanQueueRuns(db, userId, now),
    releaseAccountPosts: releaseOnDisconnect,
  };
  // The engine needs the other services; it is only started by server/main.ts.
  deps.engine = createEngine(deps as AppDeps);
  return deps as AppDeps;
}
