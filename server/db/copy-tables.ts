import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from './database.js';

/** One table as the migrations build it, for copying it between databases. */
export interface CopiedTable {
  name: string;
  /** Every column SQLite has (PostgreSQL adds a rowid column to some tables: not copied). */
  columns: string[];
  primaryKey: string[];
  /** Tables its foreign keys point to. */
  parents: string[];
}

/**
 * The app's tables in an order that never writes a row before the rows it points to, read from
 * the schema the migrations build (the same on both databases; SQLite's catalogue is the easier
 * one to read, so an in-memory SQLite database is migrated for it).
 */
export async function tablesInCopyOrder(): Promise<CopiedTable[]> {
  const db = openDatabase({ file: ':memory:' });
  try {
    await migrateToLatest(db);
    const raw = db.withoutPlugins();
    const { rows: columns } = await sql<{ table: string; column: string; pk: number }>`
      SELECT m.name AS "table", p.name AS "column", p.pk AS pk
      FROM sqlite_master m JOIN pragma_table_info(m.name) p
      WHERE m.type = 'table' AND m.name NOT LIKE 'kysely%' AND m.name NOT LIKE 'sqlite%'
      ORDER BY m.name, p.cid`.execute(raw);
    const { rows: keys } = await sql<{ table: string; parent: string }>`
      SELECT m.name AS "table", f."table" AS parent
      FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
      WHERE m.type = 'table'`.execute(raw);
    const tables = new Map<string, CopiedTable & { pkOrder: Map<string, number> }>();
    for (const row of columns) {
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, columns: [], primaryKey: [], parents: [], pkOrder: new Map() };
        tables.set(row.table, table);
      }
      table.columns.push(row.column);
      if (row.pk > 0) table.pkOrder.set(row.column, row.pk);
    }
    for (const key of keys) {
      const table = tables.get(key.table);
      if (table && key.parent !== key.table && !table.parents.includes(key.parent))
        table.parents.push(key.parent);
    }
    const ordered: CopiedTable[] = [];
    const placed = new Set<string>();
    const place = (table: CopiedTable & { pkOrder: Map<string, number> }) => {
      if (placed.has(table.name)) return;
      placed.add(table.name);
      for (const parent of table.parents) {
        const found = tables.get(parent);
        if (found) place(found);
      }
      const primaryKey = [...table.pkOrder.entries()].sort((a, b) => a[1] - b[1]).map(([name]) => name);
      ordered.push({ name: table.name, columns: table.columns, primaryKey, parents: table.parents });
    };
    for (const name of [...tables.keys()].sort()) place(tables.get(name)!);
    return ordered;
  } finally {
    await db.destroy();
  }
}
