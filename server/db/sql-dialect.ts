import { type Expression, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from './database.js';

/**
 * One member of a JSON object built in SQL: its key, its value, and what the value holds: any
 * `text`, a `token` (an id or an enum value: nothing JSON must escape) or a `number`. NULL is
 * written as null, or, for an `optional` member (never the first), leaves the member out.
 */
export type JsonField = [
  key: string,
  value: Expression<unknown>,
  kind: 'text' | 'token' | 'number',
  presence?: 'optional',
];

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
   * One JSON array (as text) of an object per row of `rows` (a subquery), in the order of
   * `orderBy`, `[]` for no rows. Both write each object by concatenation: the JSON functions
   * (SQLite's json_object, PostgreSQL's json_build_object) cannot leave a NULL member out, and
   * PostgreSQL's look up each value's type for every row (twice as slow). SQLite aggregates the
   * array in SQL (keeping the subquery's order); on PostgreSQL the rows are joined here.
   */
  jsonArrayOfObjects(
    db: Db,
    fields: JsonField[],
    rows: Expression<unknown>,
    orderBy: Expression<unknown>,
  ): Promise<string>;
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
  /**
   * Runs `work` while no other process (of any number sharing the database) runs work under
   * the same key: a session advisory lock on PostgreSQL, taken within `waitMs` or
   * LockWaitTimeout, and released however `work` ends (a connection that dies takes its lock
   * with it). `work` gets the lock's own connection and should run its queries on it: a lock
   * then costs its holder one connection and never waits on the pool for a second one. On
   * SQLite, one process's file, `work` runs at once with `db`: callers serialise in memory.
   */
  whileLocked<T>(db: Db, key: string, work: (db: Db) => Promise<T>, options: { waitMs: number }): Promise<T>;

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
  jsonArrayOfObjects: async (db, fields, rows) => {
    const object = jsonObject(fields, (value, kind) => {
      // json_quote writes NULL as null (never a string's "null"): back to NULL for jsonObject.
      if (kind === 'text') return sql`nullif(json_quote(${value}), 'null')`;
      return kind === 'token' ? sql`'"' || ${value} || '"'` : sql`(${value})`;
    });
    const { rows: answer } = await sql<{ objects: string }>`
      select coalesce('[' || group_concat(${object}, ',') || ']', '[]') as objects
      from ${rows} as json_rows`.execute(db);
    return answer[0]?.objects ?? '[]';
  },
  jsonArrayLength: (column) => sql<number>`json_array_length(${sql.ref(column)})`,
  numbersOf: (values) => sql<number>`(select value from json_each(${JSON.stringify(values)}))`,
  rowLocator: () => sql`rowid`,
  lockRows: (query) => query,
  skipLockedRows: sql``,
  shareRowsOf: () => sql``,
  holdLock: async (trx) => assertTransaction(trx),
  whileLocked: (db, _key, work) => work(db),
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
  // The array is joined here: string_agg over a calendar month (5,753 posts) cost PostgreSQL 13 ms
  // of CPU against 7 ms for the rows' objects alone (PostgreSQL 15 sorts its input once more and
  // the 1.6 MB result is copied twice more). Without plugins: no renamed object per row.
  jsonArrayOfObjects: async (db, fields, rows, orderBy) => {
    const object = jsonObject(fields, (value, kind) => {
      if (kind === 'text') return sql`to_json((${value})::text)::text`;
      return kind === 'token' ? sql`'"' || ${value} || '"'` : sql`(${value})::text`;
    });
    const { rows: objects } = await sql<{ object: string }>`
      select ${object} as object from ${rows} as json_rows order by ${orderBy}`.execute(db.withoutPlugins());
    return `[${objects.map((row) => row.object).join(',')}]`;
  },
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
  whileLocked: (db, key, work, { waitMs }) =>
    db.connection().execute(async (connection) => {
      const lockKey = sql`hashtextextended(${key}, 0)`;
      try {
        // In a transaction only for the wait's bound (SET LOCAL); the session lock outlives it.
        await connection.transaction().execute(async (trx) => {
          await sql`select set_config('lock_timeout', ${`${waitMs}ms`}, true)`.execute(trx);
          await sql`select pg_advisory_lock(${lockKey})`.execute(trx);
        });
      } catch (error) {
        if ((error as { code?: unknown }).code === '55P03') throw new LockWaitTimeout(key, waitMs);
        throw error;
      }
      try {
        return await work(connection);
      } finally {
        // A connection that cannot even unlock is broken: its session's end releases the lock.
        await sql`select pg_advisory_unlock(${lockKey})`.execute(connection).catch(() => undefined);
      }
    }),
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

/** whileLocked waited `waitMs` for another holder of the lock, in vain. */
export class LockWaitTimeout extends Error {
  constructor(key: string, waitMs: number) {
    super(`The lock ${key} was still held by another process after ${waitMs} ms.`);
    this.name = 'LockWaitTimeout';
  }
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

/**
 * One JSON object as text, by concatenation; `json` writes a value of a kind as JSON text, NULL for
 * NULL (which makes any concatenation NULL, in both databases).
 */
function jsonObject(
  fields: JsonField[],
  json: (value: Expression<unknown>, kind: JsonField[2]) => RawBuilder<unknown>,
): RawBuilder<string> {
  if (fields[0]?.[3] === 'optional') throw new Error('The first member of a JSON object cannot be optional');
  const members = fields.map(([key, value, kind, presence], index) => {
    const name = sql.lit(`${index === 0 ? '{' : ','}${JSON.stringify(key)}:`);
    return presence === 'optional'
      ? sql`coalesce(${name} || ${json(value, kind)}, '')`
      : sql`${name} || coalesce(${json(value, kind)}, 'null')`;
  });
  return sql<string>`${sql.join(members, sql` || `)} || '}'`;
}
