import fs from 'node:fs';
import { type Kysely, sql } from 'kysely';
import { migrations } from '../../migrations/index.js';
import { type CopiedTable, tablesInCopyOrder } from './copy-tables.js';
import { type Db, migrateToLatest, openDatabase } from './database.js';
import { sqlDialect } from './sql-dialect.js';

/** A database to copy from or to: PostgreSQL by URL, or a SQLite file. */
export type DatabaseLocation = { url: string } | { file: string };

export interface TableCount {
  table: string;
  from: number;
  to: number;
}

/** A copy that must not start: said in one line to the operator. */
export class CopyRefused extends Error {}

interface CopyOptions {
  from: DatabaseLocation;
  to: DatabaseLocation;
  /** Replace what the target holds instead of refusing a target that is not empty. */
  force?: boolean;
  /** Rows per transaction. */
  batchRows?: number;
  onTable?: (table: string, total: number) => void;
  onProgress?: (table: string, copied: number, total: number) => void;
}

/** Bound parameters per INSERT, under SQLite's limit of 32,766 (PostgreSQL allows 65,535). */
const MAX_PARAMETERS = 30_000;

/**
 * `npm run db:copy`: copies a stopped install's every row from one database to the other
 * (SQLite to PostgreSQL, or back for a portable backup). The target is migrated first and must
 * be empty unless `force`; rows are written parents first, in one transaction per batch, with
 * their ids, in the order they were written. Values are copied as stored, so platform tokens
 * stay encrypted with the install's key. Answers each table's row count on both sides.
 */
export async function copyDatabase(options: CopyOptions): Promise<TableCount[]> {
  if ('file' in options.from && !fs.existsSync(options.from.file)) {
    throw new CopyRefused(`there is no SQLite file at ${options.from.file}`);
  }
  if (sameLocation(options.from, options.to)) throw new CopyRefused('--from and --to name the same database');
  const source = openLocation(options.from, true);
  const target = openLocation(options.to, false);
  try {
    await checkSourceMigrations(source);
    await migrateToLatest(target);
    const tables = await tablesInCopyOrder();
    const held = (await countRows(target, tables)).filter((count) => count.rows > 0);
    if (held.length > 0) {
      if (!options.force) {
        const what = held.map((count) => `${count.table}: ${count.rows}`).join(', ');
        throw new CopyRefused(`the target database is not empty (${what}): pass --force to replace its data`);
      }
      await emptyTables(target, tables);
    }
    for (const table of tables) await copyTable(source, target, table, options);
    await sqlDialect(target).finishBulkLoad(target.withoutPlugins() as Db);
    const from = await countRows(source, tables);
    const to = await countRows(target, tables);
    return tables.map((table, index) => ({
      table: table.name,
      from: from[index]!.rows,
      to: to[index]!.rows,
    }));
  } finally {
    await source.destroy();
    await target.destroy();
  }
}

function openLocation(location: DatabaseLocation, readonly: boolean): Db {
  return 'url' in location
    ? openDatabase({ url: location.url, poolSize: 2 })
    : openDatabase({ file: location.file, readonly });
}

function sameLocation(a: DatabaseLocation, b: DatabaseLocation): boolean {
  if ('url' in a && 'url' in b) return a.url === b.url;
  if ('file' in a && 'file' in b)
    return fs.existsSync(b.file) && fs.realpathSync(a.file) === fs.realpathSync(b.file);
  return false;
}

/** The source must be exactly at this Postloom's migrations: its columns are the ones copied. */
async function checkSourceMigrations(source: Db): Promise<void> {
  let names: string[];
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(
      source.withoutPlugins(),
    );
    names = rows.map((row) => row.name);
  } catch (error) {
    if (/kysely_migration/.test(String((error as Error)?.message))) {
      throw new CopyRefused('the source holds no Postloom database (it has no migrations table)');
    }
    throw error;
  }
  const known = Object.keys(migrations);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new CopyRefused(`the source was migrated by a newer Postloom: unknown migration ${unknown[0]}`);
  }
  const missing = known.filter((name) => !names.includes(name));
  if (missing.length > 0) {
    throw new CopyRefused(
      `the source lacks ${missing.length} of this Postloom's migrations (from ${missing[0]}): start this version on it once, or run npm run db:migrate with its settings, then copy`,
    );
  }
}

async function countRows(db: Db, tables: CopiedTable[]): Promise<Array<{ table: string; rows: number }>> {
  const counts = [];
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table.name)}`.execute(db);
    counts.push({ table: table.name, rows: Number(rows[0]?.n ?? 0) });
  }
  return counts;
}

/** --force: the target's rows go, children first, in one transaction. */
async function emptyTables(target: Db, tables: CopiedTable[]): Promise<void> {
  await target.transaction().execute(async (trx) => {
    for (const table of [...tables].reverse()) await sql`DELETE FROM ${sql.table(table.name)}`.execute(trx);
  });
}

async function copyTable(source: Db, target: Db, table: CopiedTable, options: CopyOptions): Promise<void> {
  const [total] = await countRows(source, [table]);
  options.onTable?.(table.name, total!.rows);
  const key = await sqlDialect(source).insertionOrder(source, table.name, table.primaryKey);
  const batchRows = options.batchRows ?? 1000;
  const chunkRows = Math.max(1, Math.floor(MAX_PARAMETERS / table.columns.length));
  const raw = target.withoutPlugins() as unknown as Kysely<Record<string, Record<string, unknown>>>;
  let after: unknown[] | null = null;
  let copied = 0;
  for (;;) {
    const rows = await readBatch(source, table, key, after, batchRows);
    if (rows.length === 0) break;
    after = key.map((_, index) => rows.at(-1)![`__key${index}`]);
    const values = rows.map((row) =>
      Object.fromEntries(table.columns.map((column) => [column, row[column]])),
    );
    await raw.transaction().execute(async (trx) => {
      for (let start = 0; start < values.length; start += chunkRows) {
        await trx
          .insertInto(table.name)
          .values(values.slice(start, start + chunkRows))
          .execute();
      }
    });
    copied += rows.length;
    options.onProgress?.(table.name, copied, total!.rows);
    if (rows.length < batchRows) break;
  }
}

/** The next rows in insertion order after the key values `after` (keyset pagination). */
async function readBatch(
  source: Db,
  table: CopiedTable,
  key: string[],
  after: unknown[] | null,
  limit: number,
): Promise<Array<Record<string, unknown>>> {
  const keyColumns = key.map((column, index) => sql`${sql.ref(column)} AS ${sql.id(`__key${index}`)}`);
  const columns = table.columns.map((column) => sql.ref(column));
  const tuple = (parts: unknown[]) => sql`(${sql.join(parts)})`;
  const where = after ? sql`WHERE ${tuple(key.map((column) => sql.ref(column)))} > ${tuple(after)}` : sql``;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${sql.join([...keyColumns, ...columns])} FROM ${sql.table(table.name)} ${where}
    ORDER BY ${sql.join(key.map((column) => sql.ref(column)))} LIMIT ${limit}`.execute(
    source.withoutPlugins(),
  );
  return rows;
}
