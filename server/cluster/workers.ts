import os from 'node:os';
import type { Logger } from '../core/logger.js';
import type { Db } from '../db/database.js';
import type { ClusterSignals } from './cluster-signals.js';

/**
 * Each running process's row in `workers` (the one writer of that table): registered at start,
 * seen again by its heartbeat, removed at a clean stop. Other processes read it to know whether
 * anyone else is there to hear live events, and the health check reads its own heartbeat.
 */

const HEARTBEAT_MS = 5_000;
/** A process not seen for this long is gone (three missed heartbeats). */
export const WORKER_GONE_MS = 3 * HEARTBEAT_MS;
/** The roles whose processes run the publishing engine (a web process records itself as `web`). */
const ENGINE_ROLES = ['all', 'worker'];

export interface WorkerPresence {
  readonly id: string;
  /** Other live processes of this install (as of the last heartbeat or signal). */
  peerCount(): number;
  /**
   * The latest heartbeat of a process that runs the publishing engine (role all or worker):
   * this one's when it does, else the latest stored by any.
   */
  lastEngineSeen(): Promise<number | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createWorkerPresence(options: {
  db: Db;
  id: string;
  /** What the process runs: `all`, `web` (no engine) or `worker`. */
  role: string;
  signals: ClusterSignals;
  logger: Logger;
}): WorkerPresence {
  const { db, id, signals, logger } = options;
  let peers = 0;
  let timer: NodeJS.Timeout | null = null;
  let lastBeat: number | null = null;
  let unsubscribe: (() => void) | null = null;

  async function beat(): Promise<void> {
    const now = Date.now();
    await db.updateTable('workers').set({ lastSeenAt: now }).where('id', '=', id).execute();
    lastBeat = now;
    await countPeers(now);
  }

  async function countPeers(now = Date.now()): Promise<void> {
    const row = await db
      .selectFrom('workers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '!=', id)
      .where('lastSeenAt', '>', now - WORKER_GONE_MS)
      .executeTakeFirst();
    peers = Number(row?.n ?? 0);
  }

  return {
    id,
    peerCount: () => peers,
    async lastEngineSeen() {
      if (lastBeat !== null && ENGINE_ROLES.includes(options.role)) return lastBeat;
      const row = await db
        .selectFrom('workers')
        .select((eb) => eb.fn.max('lastSeenAt').as('seen'))
        .where('role', 'in', ENGINE_ROLES)
        .executeTakeFirst();
      return row?.seen == null ? null : Number(row.seen);
    },
    async start() {
      const now = Date.now();
      // Rows of processes gone for a day are history.
      await db
        .deleteFrom('workers')
        .where('lastSeenAt', '<', now - 86_400_000)
        .execute();
      await db
        .insertInto('workers')
        .values({
          id,
          role: options.role,
          host: os.hostname(),
          pid: process.pid,
          startedAt: now,
          lastSeenAt: now,
        })
        .execute();
      lastBeat = now;
      await countPeers(now);
      // The others count again now rather than at their next heartbeat.
      unsubscribe = signals.on('workers', () => void countPeers().catch(() => undefined));
      signals.send('workers');
      timer = setInterval(() => {
        beat().catch((error: unknown) => logger.warn('the process heartbeat failed', { error }));
      }, HEARTBEAT_MS);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      await db
        .deleteFrom('workers')
        .where('id', '=', id)
        .execute()
        .catch(() => undefined);
      signals.send('workers');
    },
  };
}
