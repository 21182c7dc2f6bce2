import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { createMigrator, type Db, migrateToLatest, openDatabase } from '../../server/db/database.js';
import { describeDatabaseError } from '../../server/db/database-errors.js';
import { acquireTestPostgres, requirePostgres, type TestPostgres } from '../support/postgres.js';

// Columns that hold a UTC instant in epoch milliseconds, and other numbers that can pass 2^31.
const EPOCH_MS = /(_at|^lease_until|^checking_until|^next_run|^trial_end_date|^current_period_end)$/;
const LARGE_NUMBERS = new Set([
  'size_bytes',
  'likes',
  'comments',
  'shares',
  'views',
  'engagement',
  'followers',
]);
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

interface Column {
  table: string;
  column: string;
  type: string;
  identity: boolean;
}

let postgres: TestPostgres;
const opened: Db[] = [];

beforeAll(async () => {
  postgres = await acquireTestPostgres();
}, 600_000);

afterAll(async () => {
  for (const db of opened) await db.destroy();
  await postgres?.release();
});

async function emptyDatabase(pg: Extract<TestPostgres, { available: true }>): Promise<Db> {
  const db = openDatabase({ url: await pg.createDatabase({ migrated: false }) });
  opened.push(db);
  return db;
}

/** Every column of the SQLite schema the migrations build, with its declared type. */
async function sqliteColumns(): Promise<Column[]> {
  const db = openDatabase({ file: ':memory:' });
  try {
    await migrateToLatest(db);
    const { rows } = await sql<{ table: string; column: string; type: string; pk: number }>`
      SELECT m.name AS "table", p.name AS "column", lower(p.type) AS type, p.pk AS pk
      FROM sqlite_master m JOIN pragma_table_info(m.name) p
      WHERE m.type = 'table' AND m.name NOT LIKE 'kysely%' AND m.name NOT LIKE 'sqlite%'
      ORDER BY m.name, p.cid
    `.execute(db.withoutPlugins());
    return rows.map((row) => ({ table: row.table, column: row.column, type: row.type, identity: false }));
  } finally {
    await db.destroy();
  }
}

async function postgresColumns(db: Db): Promise<Column[]> {
  const { rows } = await sql<{ table: string; column: string; type: string; identity: string }>`
    SELECT table_name AS "table", column_name AS "column", data_type AS type, is_identity AS identity
    FROM information_schema.columns
    WHERE table_schema = 'public'
    ORDER BY table_name, ordinal_position
  `.execute(db.withoutPlugins());
  return rows
    .filter((row) => !MIGRATION_TABLES.has(row.table))
    .map((row) => ({ ...row, identity: row.identity === 'YES' }));
}

async function postgresIndexes(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname
  `.execute(db.withoutPlugins());
  return rows.map((row) => row.name);
}

/** The PostgreSQL type each SQLite column must become. */
function expectedPostgresType(column: Column): { type: string; identity: boolean } {
  if (column.type === 'text') return { type: 'text', identity: false };
  if (column.column === 'id') return { type: 'bigint', identity: true };
  if (EPOCH_MS.test(column.column) || LARGE_NUMBERS.has(column.column))
    return { type: 'bigint', identity: false };
  return { type: 'integer', identity: false };
}

describe('the migrations on PostgreSQL', () => {
  it('create every table and column SQLite has, with bigint for epoch milliseconds', async (ctx) => {
    requirePostgres(ctx, postgres);
    const db = await emptyDatabase(postgres);

    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));

    const expected = await sqliteColumns();
    const all = await postgresColumns(db);
    // SQLite's implicit rowid, made a column where a query breaks ties by it.
    expect(all.filter((column) => column.column === 'rowid')).toEqual([
      { table: 'notifications', column: 'rowid', type: 'bigint', identity: true },
    ]);
    // Request rate limits shared by several processes: PostgreSQL only (SQLite's stay in memory).
    expect(all.filter((column) => column.table === 'rate_limits')).toEqual([
      { table: 'rate_limits', column: 'key', type: 'text', identity: false },
      { table: 'rate_limits', column: 'points', type: 'integer', identity: false },
      { table: 'rate_limits', column: 'expire', type: 'bigint', identity: false },
    ]);
    // Live events relayed between processes: PostgreSQL only (SQLite runs one process).
    expect(all.filter((column) => column.table === 'cluster_events')).toEqual([
      { table: 'cluster_events', column: 'id', type: 'bigint', identity: true },
      { table: 'cluster_events', column: 'origin', type: 'text', identity: false },
      { table: 'cluster_events', column: 'user_id', type: 'text', identity: false },
      { table: 'cluster_events', column: 'payload', type: 'text', identity: false },
      { table: 'cluster_events', column: 'created_at', type: 'bigint', identity: false },
    ]);
    const postgresOnly = new Set(['rate_limits', 'cluster_events']);
    const actual = all.filter((column) => column.column !== 'rowid' && !postgresOnly.has(column.table));
    expect(actual.map(({ table, column }) => `${table}.${column}`)).toEqual(
      expected.map(({ table, column }) => `${table}.${column}`),
    );
    expect(actual).toEqual(expected.map((column) => ({ ...column, ...expectedPostgresType(column) })));
    // The 56 of the first migrations, and every one added since.
    expect(
      actual.filter((column) => EPOCH_MS.test(column.column) && column.type === 'bigint').length,
    ).toBeGreaterThanOrEqual(56);
  });

  it('create the indexes SQLite has, with its rules for e-mail case and default schedules', async (ctx) => {
    requirePostgres(ctx, postgres);
    const db = await emptyDatabase(postgres);
    await migrateToLatest(db);
    const raw = db.withoutPlugins();

    const indexes = await postgresIndexes(db);
    for (const name of ['users_email_unique', 'posting_schedules_owner', 'scheduled_posts_due']) {
      expect(indexes).toContain(name);
    }

    const user = (id: string, email: string) =>
      sql`INSERT INTO users (id, email, created_at, updated_at) VALUES (${id}, ${email}, 1, 1)`.execute(raw);
    await user('u1', 'Ann@Example.com');
    await expect(user('u2', 'ann@example.COM')).rejects.toThrow(/users_email_unique/);
    // NOCASE folds ASCII letters only: SQLite keeps these apart, so PostgreSQL must too.
    await user('u3', 'Ärni@example.com');
    await user('u4', 'ärni@example.com');

    const schedule = (id: string, account: string | null) =>
      sql`INSERT INTO posting_schedules (id, user_id, social_account_id, created_at, updated_at)
          VALUES (${id}, 'u1', ${account}, 1, 1)`.execute(raw);
    await schedule('s1', null);
    await expect(schedule('s2', null)).rejects.toThrow(/posting_schedules_owner/);
  });

  it('hand back epoch milliseconds, identities, counts and sums as numbers', async (ctx) => {
    requirePostgres(ctx, postgres);
    const db = openDatabase({ url: await postgres.createDatabase() });
    opened.push(db);
    const now = Date.UTC(2030, 0, 1);
    const first = await db
      .insertInto('loginAttempts')
      .values({ email: 'a@example.com', ip: '127.0.0.1', succeeded: 1, createdAt: now })
      .returning(['id', 'createdAt'])
      .executeTakeFirstOrThrow();
    const second = await db
      .insertInto('loginAttempts')
      .values({ email: 'a@example.com', ip: '127.0.0.1', succeeded: 0, createdAt: now + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(first).toEqual({ id: 1, createdAt: now });
    expect(second.id).toBe(2);

    const totals = await db
      .selectFrom('loginAttempts')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('createdAt').as('sumOfTimes'),
        eb.fn.sum<number>('succeeded').as('sumOfFlags'),
        eb.fn.avg<number>('succeeded').as('average'),
      ])
      .executeTakeFirstOrThrow();
    expect(totals).toEqual({ count: 2, sumOfTimes: 2 * now + 1, sumOfFlags: 1, average: 0.5 });
  });

  it('change nothing when run again', async (ctx) => {
    requirePostgres(ctx, postgres);
    const db = await emptyDatabase(postgres);
    await migrateToLatest(db);
    const columns = await postgresColumns(db);
    const indexes = await postgresIndexes(db);

    expect(await migrateToLatest(db)).toEqual([]);
    expect(await postgresColumns(db)).toEqual(columns);
    expect(await postgresIndexes(db)).toEqual(indexes);
  });

  it('undo every migration, down to an empty schema, and apply them again', async (ctx) => {
    requirePostgres(ctx, postgres);
    const db = await emptyDatabase(postgres);
    await migrateToLatest(db);
    const columns = await postgresColumns(db);
    const migrator = createMigrator(db);

    const undone: string[] = [];
    for (;;) {
      const { error, results } = await migrator.migrateDown();
      if (error) throw error;
      if (!results?.length) break;
      undone.push(...results.map((result) => result.migrationName));
    }
    expect(undone).toEqual(Object.keys(migrations).reverse());
    expect(await postgresColumns(db)).toEqual([]);

    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await postgresColumns(db)).toEqual(columns);
  });

  it('refuse a database migrated by a newer Postloom, naming the migration', async (ctx) => {
    requirePostgres(ctx, postgres);
    const url = await postgres.createDatabase();
    const db = openDatabase({ url });
    opened.push(db);
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('2099-01-01T0000-future', '2099-01-01')`.execute(
      db.withoutPlugins(),
    );

    const error = await migrateToLatest(db).catch((caught: unknown) => caught);
    expect(describeDatabaseError(error, url)).toBe(
      'the database was migrated by a newer Postloom: unknown migration 2099-01-01T0000-future',
    );
  });
});
