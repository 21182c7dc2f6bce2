import { type Expression, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from './database.js';

/**
 * One member of a JSON object built in SQL: its key, its value, and what the value holds (null
 * allowed for each): any `text`, a `token` (an id or an enum value: nothing JSON must escape) or
 * a `number`. PostgreSQL writes the kinds differently to be fast (see jsonArrayOfObjects).
 */
export type JsonField = [key: string, value: Expression<unknown>, kind: 'text' | 'token' | 'number'];

/**
 * The one place where the app's SQL differs between SQLite and PostgreSQL. Repositories ask
 * `sqlDialect(db)` for the piece they need and never test the dialect themselves.
 */
export interface SqlDialect {
  name: 'sqlite' | 'postgres';
  /**
   * `column = value` ignoring the case of ASCII letters, as the unique e-mail index does
   * (SQLite's NOCASE; on PostgreSQL the index is on lower(column COLLATE "C"), compared the
   * same way so the lookup uses it).
   */
  equalsIgnoringCase(column: string, value: string): RawBuilder<boolean>;
  /** `expression LIKE pattern ESCAPE '\'`, ignoring case as SQLite's LIKE does. */
  likeIgnoringCase(expression: Expression<unknown>, pattern: string): RawBuilder<boolean>;
  /**
   * One JSON array (as text) of an object per row of the query, `[]` for no rows (PostgreSQL's
   * aggregates answer NULL then). `orderBy` orders the array (SQLite keeps the FROM subquery's order).
   */
  jsonArrayOfObjects(fields: JsonField[], orderBy: Expression<unknown>): RawBuilder<string>;
  /** The length of a JSON array kept in a text column. */
  jsonArrayLength(column: string): RawBuilder<number>;
  /** A subquery answering the numbers of one JSON array parameter: one parameter, however many. */
  numbersOf(values: readonly number[]): RawBuilder<number>;
  /**
   * A row's locator for a self-join: SQLite's rowid, in every index, so a covering index answers
   * it without reading the table; PostgreSQL has none, the primary key does.
   */
  rowLocator(primaryKey: string): RawBuilder<unknown>;

  // Concurrency. SQLite's one connection runs transactions one at a time, so a transaction that
  // reads and then writes sees nothing change in between; PostgreSQL runs them at once, and these
  // make the few places that depend on it wait for each other there (a no-op on SQLite).

  /** The rows a SELECT reads stay locked against other writers until the transaction ends. */
  lockRows<Q extends { forUpdate(): unknown }>(query: Q): Q;
  /**
   * Appended to a SELECT that picks work: rows another transaction has locked are passed over
   * (FOR UPDATE SKIP LOCKED), so two claimers take different rows without waiting.
   */
  skipLockedRows: RawBuilder<unknown>;
  /**
   * Appended to a SELECT over `alias` and others: the rows of `alias` it reads stay locked
   * against UPDATE and DELETE (not against other sharers) until the statement's transaction ends.
   */
  shareRowsOf(alias: string): RawBuilder<unknown>;
  /**
   * Until the transaction ends, no other transaction gets past holdLock with the same key
   * (a transaction-scoped advisory lock on PostgreSQL). Only inside a transaction.
   */
  holdLock(trx: Db, key: string): Promise<void>;

  // Copying a whole database (db:copy).

  /**
   * The columns that list a table's rows in the order they were written, as far as the database
   * knows it: SQLite's rowid; on PostgreSQL the rowid column some tables get (see the
   * insertion-order migration), else the primary key.
   */
  insertionOrder(db: Db, table: string, primaryKey: string[]): Promise<string[]>;
  /**
   * After a bulk load with the rows' own ids: new rows get ids after theirs, and the query
   * planner learns the tables' new sizes.
   */
  finishBulkLoad(db: Db): Promise<void>;
}

const sqlite: SqlDialect = {
  name: 'sqlite',
  equalsIgnoringCase: (column, value) => sql<boolean>`${sql.ref(column)} = ${value} COLLATE NOCASE`,
  likeIgnoringCase: (expression, pattern) => sql<boolean>`${expression} like ${pattern} escape '\\'`,
  jsonArrayOfObjects: (fields) =>
    sql<string>`json_group_array(json_object(${sql.join(fields.map(([key, value]) => sql`${sql.lit(key)}, ${value}`))}))`,
  jsonArrayLength: (column) => sql<number>`json_array_length(${sql.ref(column)})`,
  numbersOf: (values) => sql<number>`(select value from json_each(${JSON.stringify(values)}))`,
  rowLocator: () => sql`rowid`,
  lockRows: (query) => query,
  skipLockedRows: sql``,
  shareRowsOf: () => sql``,
  holdLock: async (trx) => assertTransaction(trx),
  insertionOrder: async () => ['rowid'],
  // AUTOINCREMENT keeps the largest id written in sqlite_sequence by itself.
  finishBulkLoad: async (db) => {
    await sql`PRAGMA optimize`.execute(db);
  },
};

const postgres: SqlDialect = {
  name: 'postgres',
  equalsIgnoringCase: (column, value) =>
    sql<boolean>`lower(${sql.ref(column)} COLLATE "C") = lower(${value} COLLATE "C")`,
  likeIgnoringCase: (expression, pattern) => sql<boolean>`${expression} ilike ${pattern} escape '\\'`,
  // Written as text by concatenation: json_build_object looks up each value's type for every row
  // and took twice as long for a calendar month (5,753 posts: 37 ms against 21 ms here); only
  // free text goes through to_json's escaping. Text, too, because the route sends it as it is.
  jsonArrayOfObjects: (fields, orderBy) =>
    sql<string>`coalesce('[' || string_agg(concat(${sql.join(
      fields.map(
        ([key, value, kind], index) =>
          sql`${sql.lit(`${index === 0 ? '{' : ','}${JSON.stringify(key)}:`)}, ${jsonValue(value, kind)}`,
      ),
    )}, '}'), ',' order by ${orderBy}) || ']', '[]')`,
  jsonArrayLength: (column) => sql<number>`json_array_length(${sql.ref(column)}::json)`,
  numbersOf: (values) =>
    sql<number>`(select value::bigint from json_array_elements_text(${JSON.stringify(values)}::json))`,
  rowLocator: (primaryKey) => sql.ref(primaryKey),
  lockRows: <Q extends { forUpdate(): unknown }>(query: Q) => query.forUpdate() as Q,
  skipLockedRows: sql`for update skip locked`,
  shareRowsOf: (alias) => sql`for share of ${sql.raw(alias)}`,
  holdLock: async (trx, key) => {
    assertTransaction(trx);
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  },
  insertionOrder: async (db, table, primaryKey) => {
    const { rows } = await sql<{ found: number }>`
      select count(*) as found from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and column_name = 'rowid'`.execute(db);
    return Number(rows[0]?.found) > 0 ? ['rowid'] : primaryKey;
  },
  finishBulkLoad: async (db) => {
    const { rows } = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema() and is_identity = 'YES'`.execute(db);
    for (const { table, column } of rows) {
      await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
        coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
    }
    await sql`analyze`.execute(db);
  },
};

/** The SQL pieces of the database `db` runs on. */
export function sqlDialect(db: Db): SqlDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? postgres : sqlite;
}

/**
 * A unique constraint refused the write (two requests raced for one e-mail, one slot, one
 * account...): SQLite's SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY, PostgreSQL's 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

function assertTransaction(db: Db): void {
  // Outside a transaction PostgreSQL would release the lock at once: a bug to catch on SQLite too.
  if (!db.isTransaction) throw new Error('holdLock needs a transaction');
}

/** A value as JSON text on PostgreSQL, `null` for NULL. */
function jsonValue(value: Expression<unknown>, kind: JsonField[2]) {
  if (kind === 'text') return sql`coalesce(to_json((${value})::text)::text, 'null')`;
  if (kind === 'token') return sql`coalesce('"' || ${value} || '"', 'null')`;
  return sql`coalesce((${value})::text, 'null')`;
}
