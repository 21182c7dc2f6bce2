import { type CreateTableBuilder, type Kysely, type RawBuilder, sql } from 'kysely';

// Frozen in time like the migrations that use it: add new kinds, never change what an existing
// one produces. On SQLite every kind produces exactly what the migrations wrote before they
// learned PostgreSQL (server/db/sqlite-schema.test.ts holds them to it).

export type MigrationDialect = 'sqlite' | 'postgres';

/** The database a migration runs on. */
export function migrationDialect(db: Kysely<any>): MigrationDialect {
  // Told apart through public API: PostgreSQL numbers its parameters ($1), SQLite does not (?).
  return sql`${0}`.compile(db).sql === '$1' ? 'postgres' : 'sqlite';
}

export interface ColumnTypes {
  dialect: MigrationDialect;
  /** A UTC instant in epoch milliseconds: past 2^31, so bigint on PostgreSQL. */
  epochMs: 'integer' | 'bigint';
  /** A number that can pass 2^31: file sizes in bytes, a post's views, an account's followers. */
  bigInteger: 'integer' | 'bigint';
  /**
   * Adds an auto-increment integer primary key `name`: SQLite's INTEGER PRIMARY KEY
   * AUTOINCREMENT, PostgreSQL's bigint identity (kysely's autoIncrement() emits invalid SQL
   * there). BY DEFAULT, not ALWAYS, so a copied install keeps its ids.
   */
  autoIncrementId: <N extends string>(
    name: N,
  ) => <TB extends string, C extends string>(
    table: CreateTableBuilder<TB, C>,
  ) => CreateTableBuilder<TB, C | N>;
  /**
   * A unique index that ignores the case of ASCII letters, as SQLite's NOCASE does: on
   * PostgreSQL an index on lower(column COLLATE "C"), which folds ASCII only, so every pair of
   * values SQLite accepts as distinct stays distinct after a copy. Queries that look a value up
   * must compare the same expression to use it.
   */
  uniqueIndexIgnoringCase: (index: string, table: string, column: string) => RawBuilder<unknown>;
  /** `ifnull(expression, fallback)`, spelled coalesce on PostgreSQL (for expression indexes). */
  ifNull: (expression: string, fallback: string) => RawBuilder<unknown>;
}

/** The column types and DDL pieces that differ between SQLite and PostgreSQL. */
export function columnTypes(db: Kysely<any>): ColumnTypes {
  const dialect = migrationDialect(db);
  const postgres = dialect === 'postgres';
  return {
    dialect,
    epochMs: postgres ? 'bigint' : 'integer',
    bigInteger: postgres ? 'bigint' : 'integer',
    autoIncrementId:
      <N extends string>(name: N) =>
      <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
        postgres
          ? table.addColumn(name, 'bigint', (col) => col.generatedByDefaultAsIdentity().primaryKey())
          : table.addColumn(name, 'integer', (col) => col.primaryKey().autoIncrement()),
    uniqueIndexIgnoringCase: (index, table, column) =>
      postgres
        ? sql.raw(`CREATE UNIQUE INDEX ${index} ON ${table} (lower(${column} COLLATE "C"))`)
        : sql.raw(`CREATE UNIQUE INDEX ${index} ON ${table} (${column} COLLATE NOCASE)`),
    ifNull: (expression, fallback) =>
      sql.raw(`${postgres ? 'coalesce' : 'ifnull'}(${expression}, ${fallback})`),
  };
}
