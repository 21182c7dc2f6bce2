import fs from 'node:fs';
import { sql } from 'kysely';
import { type Db, databaseFile } from '../../server/db/database.js';
import { sqlDialect } from '../../server/db/sql-dialect.js';

// What tests do to a database behind the app's back, on SQLite and PostgreSQL alike.

interface Fault {
  /** The trigger's name, for removeFault. */
  name: string;
  table: string;
  /** `INSERT`, `UPDATE`, or `UPDATE OF column`. */
  on: string;
  /** A condition on the row (NEW.column, OLD.column), same syntax on both databases. */
  when?: string;
  message: string;
}

/** Makes the writes a trigger matches fail with `message`, as on a full disk. */
export async function addFault(db: Db, fault: Fault): Promise<void> {
  const when = fault.when ? ` WHEN (${fault.when})` : '';
  if (sqlDialect(db).name === 'sqlite') {
    await sql
      .raw(
        `CREATE TRIGGER ${fault.name} BEFORE ${fault.on} ON ${fault.table}${when} BEGIN SELECT RAISE(ABORT, '${fault.message}'); END`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION ${fault.name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${fault.message}'; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${fault.name} BEFORE ${fault.on} ON ${fault.table} FOR EACH ROW${when} EXECUTE FUNCTION ${fault.name}()`,
    )
    .execute(db);
}

export async function removeFault(db: Db, fault: Pick<Fault, 'name' | 'table'>): Promise<void> {
  if (sqlDialect(db).name === 'sqlite') {
    await sql.raw(`DROP TRIGGER ${fault.name}`).execute(db);
    return;
  }
  await sql.raw(`DROP TRIGGER ${fault.name} ON ${fault.table}`).execute(db);
  await sql.raw(`DROP FUNCTION ${fault.name}()`).execute(db);
}

/** The app's tables that have a column named `column`. */
export async function tablesWithColumn(db: Db, column: string): Promise<string[]> {
  const { rows } =
    sqlDialect(db).name === 'sqlite'
      ? await sql<{ name: string }>`
          SELECT m.name FROM sqlite_master m WHERE m.type = 'table'
          AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) p WHERE p.name = ${column})`.execute(db)
      : await sql<{ name: string }>`
          SELECT table_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND column_name = ${column}`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Everything the database holds: on SQLite every byte of its file and write-ahead log (freed
 * pages included); on PostgreSQL, whose files are not ours to read, every row of every table.
 */
export async function storedBytes(db: Db, dataDir: string): Promise<Buffer> {
  if (sqlDialect(db).name === 'sqlite') {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    const file = databaseFile(dataDir);
    const parts = [file, `${file}-wal`].filter((p) => fs.existsSync(p)).map((p) => fs.readFileSync(p));
    return Buffer.concat(parts);
  }
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
  const rows: string[] = [];
  for (const { name } of tables.rows) {
    const { rows: texts } = await sql<{
      row: string;
    }>`SELECT t::text AS row FROM ${sql.table(name)} t`.execute(db);
    rows.push(...texts.map((text) => text.row));
  }
  return Buffer.from(rows.join('\n'));
}
