import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  SqliteDialect,
} from 'kysely';
import { migrations } from '../../migrations/index.js';
import type { Config } from '../config.js';
import { isPostgresUrl } from './database-url.js';
import { createPostgresDialect } from './postgres.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

interface OpenDatabaseOptions {
  /** The SQLite file (or ':memory:'), used when no PostgreSQL `url` is given. */
  file?: string;
  /** SQLite: open an existing file for reading only (db:copy's source), changing nothing in it. */
  readonly?: boolean;
  /** A postgres:// or postgresql:// URL (DATABASE_URL): PostgreSQL instead of the SQLite file. */
  url?: string;
  /** PostgreSQL: connections in the pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** PostgreSQL: an idle pooled connection failed (the pool replaces it). */
  onIdleError?: (error: Error) => void;
}

/**
 * PostgreSQL through a pool when a URL is configured (nothing is written to `file` then);
 * otherwise the SQLite file with WAL, foreign keys and a busy timeout.
 */
export function openDatabase({ file, url, poolSize, onIdleError, readonly }: OpenDatabaseOptions): Db {
  if (url !== undefined) {
    if (!isPostgresUrl(url)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
    return new Kysely<Database>({
      dialect: createPostgresDialect({ url, poolSize, onIdleError }),
      plugins: [new CamelCasePlugin()],
    });
  }
  if (file === undefined) throw new Error('openDatabase needs a SQLite file or a PostgreSQL URL');
  if (readonly) {
    return new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }),
      plugins: [new CamelCasePlugin()],
    });
  }
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
}

/** Where the configuration puts the database: DATABASE_URL, else the SQLite file in DATA_DIR. */
export function databaseOptions(
  config: Pick<Config, 'dataDir' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>,
): OpenDatabaseOptions {
  return {
    file: databaseFile(config.dataDir),
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
  };
}

/**
 * Kysely prepares every statement anew; preparing costs more than running most of our
 * queries, so prepared statements are reused by SQL text (they are run synchronously, one at
 * a time, so sharing one is safe).
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'postloom.sqlite');
}

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** A Migrator over every migration (written against snake_case names, so without the camel-case plugin). */
export function createMigrator(db: Db): Migrator {
  return new Migrator({
    db: db.withoutPlugins() as Kysely<any>,
    provider: new StaticMigrationProvider(),
  });
}

/**
 * Brings the schema up to date; throws with the failing migration's error (a database migrated
 * by a newer Postloom fails with kysely's "previously executed migration ... is missing":
 * describeDatabaseError words it for the operator).
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Runs `fn` in a transaction, or inside the caller's transaction when one is given. */
export async function withTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute((trx) => fn(trx));
}
