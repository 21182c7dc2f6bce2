import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { migrateToLatest, openDatabase } from './database.js';

// Migrations are frozen for SQLite: teaching them PostgreSQL must not change one byte of what
// they do to an existing SQLite install. The statement snapshot was generated from the
// migrations as they were before they became dialect-aware; an entry is never changed to make
// this test pass. A new migration adds its own entries, once, with
// `SNAPSHOT_NEW_MIGRATIONS=1 npx vitest run server/db/sqlite-schema.test.ts` (the schema
// snapshot then shows only what it adds).

describe('the migrations on SQLite', () => {
  it('build the same schema as before they learned PostgreSQL', async () => {
    const db = openDatabase({ file: ':memory:' });
    try {
      await migrateToLatest(db);
      const { rows: schema } = await sql`
        SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name
      `.execute(db.withoutPlugins());
      await expect(`${JSON.stringify(schema, null, 2)}\n`).toMatchFileSnapshot(
        './__snapshots__/sqlite-schema.json',
      );
    } finally {
      await db.destroy();
    }
  });

  it('run the same statements, up and down, as before they learned PostgreSQL', async () => {
    const statements: Record<string, { sql: string; parameters: readonly unknown[] }[]> = {};
    let current: { sql: string; parameters: readonly unknown[] }[] = [];
    const db = new Kysely<Record<string, never>>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
      log: (event) => {
        current.push({ sql: event.query.sql, parameters: event.query.parameters });
      },
    });
    try {
      const steps = Object.entries(migrations);
      for (const [name, migration] of steps) {
        current = statements[`up ${name}`] = [];
        await migration.up(db);
      }
      for (const [name, migration] of [...steps].reverse()) {
        current = statements[`down ${name}`] = [];
        await migration.down?.(db);
      }
      const file = new URL('./__snapshots__/sqlite-migration-statements.json', import.meta.url);
      const frozen = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof statements;
      const added = Object.keys(statements).filter((step) => !(step in frozen));
      if (added.length > 0 && process.env.SNAPSHOT_NEW_MIGRATIONS === '1') {
        fs.writeFileSync(file, `${JSON.stringify({ ...frozen, ...pick(statements, added) }, null, 2)}\n`);
        return;
      }
      expect(added, 'new migrations without a statement snapshot').toEqual([]);
      expect(pick(statements, Object.keys(frozen))).toEqual(frozen);
    } finally {
      await db.destroy();
    }
  });
});

function pick<T>(record: Record<string, T>, keys: string[]): Record<string, T> {
  return Object.fromEntries(keys.map((key) => [key, record[key] as T]));
}
