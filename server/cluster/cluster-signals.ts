import pg from 'pg';
import type { Logger } from '../core/logger.js';
import { connectionStringWithLibpqSsl } from '../db/postgres.js';

/**
 * Signals between the processes of one install, with PostgreSQL as the only coordinator: a
 * LISTEN connection per process and NOTIFY through the pool. On SQLite (one process) they stay
 * in this process. A signal carries no work: it only wakes a reader of the database, so a lost
 * one (a dropped connection) costs at most the periodic sweep's delay, never correctness.
 */
export type ClusterChannel = 'wake' | 'events' | 'workers';

export interface ClusterSignals {
  /** Tells every process (this one at once) on `channel`; calls within one turn send one NOTIFY. */
  send(channel: ClusterChannel): void;
  /** Listens on `channel`, to this process's own signals too; answers the unsubscribe function. */
  on(channel: ClusterChannel, listener: () => void): () => void;
  /** Opens the LISTEN connection (PostgreSQL); until then signals reach this process only. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether signals reach the other processes (the LISTEN connection is up). */
  readonly connected: boolean;
}

const CHANNEL_PREFIX = 'postloom_';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

export function createClusterSignals(options: {
  /** PostgreSQL's URL, or undefined on SQLite. */
  databaseUrl: string | undefined;
  /** This process's id: its own NOTIFYs come back on its LISTEN connection and are skipped. */
  origin: string;
  logger: Logger;
}): ClusterSignals {
  const listeners = new Map<ClusterChannel, Set<() => void>>();
  const pending = new Set<ClusterChannel>();
  let flushScheduled = false;
  let listener: pg.Client | null = null;
  let stopped = true;
  let connected = false;
  let reconnectDelay = RECONNECT_MIN_MS;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let sender: pg.Pool | null = null;

  function fire(channel: ClusterChannel): void {
    for (const fn of listeners.get(channel) ?? []) {
      try {
        fn();
      } catch (error) {
        options.logger.error('a cluster signal listener failed', { channel, error });
      }
    }
  }

  async function flush(): Promise<void> {
    flushScheduled = false;
    const channels = [...pending];
    pending.clear();
    for (const channel of channels) fire(channel);
    if (!connected || !sender) return;
    // Outside any transaction, once per channel per turn: NOTIFY in a write transaction takes a
    // cluster-wide commit lock, and one per post in a burst would serialise every commit.
    try {
      await sender.query(
        `select pg_notify('${CHANNEL_PREFIX}' || channel, $2) from unnest($1::text[]) as channel`,
        [channels, options.origin],
      );
    } catch (error) {
      options.logger.warn('a cluster signal could not be sent', { error });
    }
  }

  async function connect(): Promise<void> {
    if (!options.databaseUrl || stopped) return;
    const client = new pg.Client({
      connectionString: connectionStringWithLibpqSsl(options.databaseUrl),
      application_name: 'postloom-listen',
      // A dead peer is noticed by TCP keep-alive rather than by waiting for a NOTIFY forever.
      keepAlive: true,
    });
    client.on('error', (error) => {
      options.logger.warn('the cluster signal connection failed; reconnecting', { error });
      dropAndRetry(client);
    });
    client.on('end', () => dropAndRetry(client));
    client.on('notification', (message) => {
      if (message.payload === options.origin) return;
      const channel = message.channel.slice(CHANNEL_PREFIX.length) as ClusterChannel;
      fire(channel);
    });
    try {
      await client.connect();
      await client.query(
        `LISTEN ${CHANNEL_PREFIX}wake; LISTEN ${CHANNEL_PREFIX}events; LISTEN ${CHANNEL_PREFIX}workers`,
      );
    } catch (error) {
      options.logger.warn('the cluster signal connection could not be opened; retrying', { error });
      dropAndRetry(client);
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    connected = true;
    reconnectDelay = RECONNECT_MIN_MS;
    // Whatever was signalled while the connection was down: look at the database again.
    for (const channel of ['wake', 'events', 'workers'] as const) fire(channel);
  }

  function dropAndRetry(client: pg.Client): void {
    if (listener === client) {
      listener = null;
      connected = false;
    }
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, reconnectDelay);
    reconnectDelay = Math.min(RECONNECT_MAX_MS, reconnectDelay * 2);
  }

  return {
    send(channel) {
      pending.add(channel);
      if (flushScheduled) return;
      flushScheduled = true;
      setImmediate(() => void flush());
    },
    on(channel, fn) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(fn);
      return () => set.delete(fn);
    },
    async start() {
      if (!stopped || !options.databaseUrl) return;
      stopped = false;
      // Two connections of its own: NOTIFY must not wait behind a busy pool's queue.
      sender = new pg.Pool({
        connectionString: connectionStringWithLibpqSsl(options.databaseUrl),
        max: 1,
        application_name: 'postloom-notify',
      });
      sender.on('error', (error) => options.logger.warn('the cluster signal sender failed', { error }));
      await connect();
    },
    async stop() {
      // What was signalled last (a process leaving, a final batch of events) still goes out.
      if (flushScheduled) await flush();
      stopped = true;
      connected = false;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners();
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
      }
      await sender?.end().catch(() => undefined);
      sender = null;
    },
    get connected() {
      return connected;
    },
  };
}
