import crypto from 'node:crypto';
import type { EventBus } from '../core/event-bus.js';
import type { Logger } from '../core/logger.js';
import type { Db } from '../db/database.js';
import { type ClusterSignals, createClusterSignals } from './cluster-signals.js';
import { createEventRelay, type EventRelay } from './event-relay.js';
import { createWorkerPresence, type WorkerPresence } from './workers.js';

/**
 * This process as one of the install's processes (issue 26): its id, its row in `workers`, the
 * LISTEN/NOTIFY signals and the live-event relay. On SQLite (one process) everything stays in
 * this process and nothing is written. Started by server/main.ts; an app built for a test and
 * not started behaves as a lone process.
 */
export interface Cluster {
  /** This process's id (workers.id; the first part of its claims on posts). */
  readonly workerId: string;
  readonly signals: ClusterSignals;
  readonly presence: WorkerPresence;
  /** The relay the event bus hands every published event to. */
  relay(...args: Parameters<EventRelay['relay']>): void;
  start(events: EventBus): Promise<void>;
  stop(): Promise<void>;
}

export function createCluster(options: {
  db: Db;
  databaseUrl: string | undefined;
  role: string;
  logger: Logger;
}): Cluster {
  const workerId = crypto.randomUUID();
  const signals = createClusterSignals({
    databaseUrl: options.databaseUrl,
    origin: workerId,
    logger: options.logger,
  });
  const presence = createWorkerPresence({
    db: options.db,
    id: workerId,
    role: options.role,
    signals,
    logger: options.logger,
  });
  let relay: EventRelay | null = null;
  return {
    workerId,
    signals,
    presence,
    relay(userId, event) {
      relay?.relay(userId, event);
    },
    async start(events) {
      await signals.start();
      await presence.start();
      if (options.databaseUrl) {
        relay = createEventRelay({
          db: options.db,
          origin: workerId,
          signals,
          logger: options.logger,
          peerCount: () => presence.peerCount(),
          deliver: (userId, event) => events.deliverRemote(userId, event),
        });
        await relay.start();
      }
    },
    async stop() {
      await relay?.stop();
      relay = null;
      await presence.stop();
      await signals.stop();
    },
  };
}
