import type { Lucia } from 'lucia';
import type { Cluster } from '../cluster/cluster.js';
import type { Config } from '../config.js';
import type { Cipher } from '../core/crypto.js';
import type { EventBus } from '../core/event-bus.js';
import type { Logger } from '../core/logger.js';
import type { Db } from '../db/database.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';

/** Everything a service needs, built once by `createDeps` and passed down explicitly. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  events: EventBus;
  cipher: Cipher;
  lucia: Lucia;
  /** This process among the install's processes: its id, LISTEN/NOTIFY signals, live-event relay. */
  cluster: Cluster;
  /** The publishing engine (started by server/main.ts when SCHEDULER is on). */
  engine: PublishingEngine;
  /**
   * Queues that run at wall-clock times follow the user's time zone and posting times: the
   * features that change those call this (createDeps points it at queues/replan-queue-runs.ts),
   * so they do not import queues, which read them.
   */
  replanQueueRuns(userId: string, now?: number): Promise<void>;
  /**
   * Fails the pending posts of an account being disconnected, in the transaction `trx` that deletes
   * it (createDeps points it at posts/post-transitions.ts releaseOnDisconnect): accounts do not
   * import posts, which read accounts. Answers how many posts it released.
   */
  releaseAccountPosts(
    trx: Db,
    input: { userId: string; accountId: string; reason: string; now: number },
  ): Promise<number>;
}

/**
 * What the routes and services ask of the publishing engine (server/engine/engine.ts), so they
 * depend on this small interface rather than on the engine and everything it imports.
 */
export interface PublishingEngine {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Look for due work now (after a post is scheduled, for instance). */
  wake(): void;
  /** Post Now: the same path as a scheduled post, at once; resolves with the post's final row. */
  publishNow(userId: string, postId: string): Promise<ScheduledPostRow>;
  /**
   * The user's account is gone: posts of theirs claimed ahead of their due moment are dropped
   * before anything is sent (their rows were deleted, so nothing claims them again).
   */
  forgetUser(userId: string): void;
  health(): Promise<{ lastTick: string | null; overdue: number; inFlight: number }>;
}

export interface AuthUser {
  id: string;
  email: string;
  emailConfirmedAt: number | null;
  timezone: string;
  language: string;
  timeFormat: '12h' | '24h' | null;
  setupComplete: boolean;
  hasPassword: boolean;
  createdAt: number;
}

export interface AuthSession {
  id: string;
  userId: string;
  expiresAt: Date;
  remember: boolean;
  kind: 'cookie' | 'token';
  fresh: boolean;
}

export interface ApiTokenAuth {
  id: string;
  scopes: readonly string[];
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: AuthUser | null;
    session: AuthSession | null;
    /** Set when the request came with an API token (`Bearer pl_…`): its id and scopes. */
    apiToken: ApiTokenAuth | null;
  };
};
