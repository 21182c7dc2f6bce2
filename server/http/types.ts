import type { Lucia } from 'lucia';
import type { Config } from '../config.js';
import type { Cipher } from '../core/crypto.js';
import type { EventBus } from '../core/event-bus.js';
import type { Logger } from '../core/logger.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { Scheduler } from '../scheduler/scheduler.js';

/** Everything a service needs, built once by `createDeps` and passed down explicitly. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  events: EventBus;
  cipher: Cipher;
  lucia: Lucia;
  /** The publishing engine (started by server/main.ts when SCHEDULER is on). */
  scheduler: Scheduler;
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

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: AuthUser | null;
    session: AuthSession | null;
  };
};
