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
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface OpenDatabaseOptions {
  /** A file path, or ':memory:'. */
  file: string;
}

/** Opens the SQLite file with WAL, foreign keys and a busy timeout. */
export function openDatabase({ file }: OpenDatabaseOptions): Db {
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

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Migrations are written against snake_case names, without the camel-case plugin.
  const migrator = new Migrator({
    db: db.withoutPlugins() as Kysely<any>,
    provider: new StaticMigrationProvider(),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Runs `fn` in a transaction, or inside the caller's transaction when one is given. */
export async function withTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute((trx) => fn(trx));
}
