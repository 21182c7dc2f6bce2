import { sql } from 'kysely';
import type { UserEvent } from '../core/event-bus.js';
import type { Logger } from '../core/logger.js';
import type { Db } from '../db/database.js';
import type { ClusterSignals } from './cluster-signals.js';

/**
 * Live events between processes on PostgreSQL: what one process publishes for a user reaches the
 * browsers and extensions connected to any other (a post published by a worker, a session ended
 * on another web process). Events are written in batches to cluster_events (one INSERT and one
 * NOTIFY per batch, never one per post of a burst), and each process reads the rows it has not
 * seen. The one writer of cluster_events (PostgreSQL only: SQLite runs one process).
 */

/** Rows are read again this far back: two writers' rows may commit out of their id order. */
const OVERLAP_MS = 2_000;
const KEEP_MS = 60_000;
const BATCH_ROWS = 500;
/**
 * Rows are stamped and read by the database's clock, so processes on machines whose clocks
 * disagree still read each other's rows.
 */
const DATABASE_NOW_MS = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

export interface EventRelay {
  /** Sends an event published here to the other processes (when there are any). */
  relay(userId: string, event: UserEvent): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createEventRelay(options: {
  db: Db;
  origin: string;
  signals: ClusterSignals;
  logger: Logger;
  /** Other live processes: with none, nothing is written. */
  peerCount: () => number;
  /** Hands an event from another process to this one's listeners. */
  deliver: (userId: string, event: UserEvent) => void;
}): EventRelay {
  const { db, origin, signals, logger } = options;
  let outgoing: Array<{ userId: string; payload: string }> = [];
  let flushing: Promise<void> | null = null;
  let flushScheduled = false;
  let reading = false;
  let readAgain = false;
  /** The newest row read, by the database's clock (from the start: the database's time then). */
  let watermark = 0;
  const seen = new Map<number, number>();
  let prunedAt = 0;
  let unsubscribe: (() => void) | null = null;
  let started = false;

  async function flush(): Promise<void> {
    flushScheduled = false;
    const batch = outgoing;
    outgoing = [];
    const now = Date.now();
    try {
      for (let index = 0; index < batch.length; index += BATCH_ROWS) {
        const rows = batch
          .slice(index, index + BATCH_ROWS)
          .map(({ userId, payload }) => sql`(${origin}, ${userId}, ${payload}, ${DATABASE_NOW_MS})`);
        await sql`insert into cluster_events (origin, user_id, payload, created_at) values ${sql.join(rows)}`.execute(
          db,
        );
      }
      signals.send('events');
      if (now - prunedAt > KEEP_MS) {
        prunedAt = now;
        await sql`delete from cluster_events where created_at < ${DATABASE_NOW_MS} - ${KEEP_MS}`.execute(db);
      }
    } catch (error) {
      // Live updates are a convenience: the clients' lists also refresh on focus and on reconnect.
      logger.warn('live events could not be relayed to the other processes', { error, events: batch.length });
    }
  }

  async function read(): Promise<void> {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        const since = watermark - OVERLAP_MS;
        const { rows } = await sql<{
          id: number;
          origin: string;
          user_id: string;
          payload: string;
          created_at: number;
        }>`
          select id, origin, user_id, payload, created_at from cluster_events
          where created_at >= ${since} and origin <> ${origin} order by id`.execute(db.withoutPlugins());
        for (const row of rows) {
          const id = Number(row.id);
          if (seen.has(id)) continue;
          seen.set(id, Number(row.created_at));
          watermark = Math.max(watermark, Number(row.created_at));
          try {
            options.deliver(row.user_id, JSON.parse(row.payload) as UserEvent);
          } catch (error) {
            logger.warn('a relayed live event could not be delivered', { error });
          }
        }
        const forgetBefore = watermark - 2 * OVERLAP_MS;
        for (const [id, createdAt] of seen) if (createdAt < forgetBefore) seen.delete(id);
      } while (readAgain && started);
    } catch (error) {
      logger.warn('relayed live events could not be read', { error });
    } finally {
      reading = false;
    }
  }

  return {
    relay(userId, event) {
      if (!started || options.peerCount() === 0) return;
      outgoing.push({ userId, payload: JSON.stringify(event) });
      if (flushScheduled) return;
      flushScheduled = true;
      // One batch per turn of the event loop: a burst's events share an INSERT and a NOTIFY.
      setImmediate(() => {
        flushing = flush().finally(() => {
          flushing = null;
        });
      });
    },
    async start() {
      if (started) return;
      const { rows } = await sql<{ now: number }>`select ${DATABASE_NOW_MS} as now`.execute(db);
      watermark = Number(rows[0]?.now ?? Date.now());
      started = true;
      unsubscribe = signals.on('events', () => void read());
    },
    async stop() {
      started = false;
      unsubscribe?.();
      await flushing;
      if (outgoing.length > 0) await flush();
    },
  };
}
