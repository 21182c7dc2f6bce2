import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../server/db/database.js';
import { LockWaitTimeout, sqlDialect } from '../../server/db/sql-dialect.js';
import { createTestDatabase, type TestDatabase, testsUsePostgres } from '../support/test-database-kind.js';

// sqlDialect(db).whileLocked: one holder of a key at a time among every process on one
// PostgreSQL (two pools here, as two processes have); on SQLite, one process's file, the work
// runs at once and its callers serialise in memory (accounts/account-tokens.ts).

let dir: string;
let database: TestDatabase;
const opened: Db[] = [];

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-lock-'));
  database = await createTestDatabase(dir);
  await migrateToLatest(open());
});
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
  await database.release();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A pool of its own, as another process has. */
function open(poolSize?: number): Db {
  const db = openDatabase({ ...database.options, poolSize });
  opened.push(db);
  return db;
}

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const lock = <T>(db: Db, key: string, work: (db: Db) => Promise<T>, waitMs = 10_000) =>
  sqlDialect(db).whileLocked(db, key, work, { waitMs });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a lock across processes', () => {
  it(
    testsUsePostgres()
      ? 'lets one holder of a key work at a time, whichever pool it comes from; other keys do not wait'
      : 'runs the work at once on SQLite, where one process serialises its callers itself',
    async () => {
      const [a, b] = [open(), open()];
      const order: string[] = [];
      const first = gate();
      const holding = lock(a, 'account-token:1', async () => {
        order.push('a starts');
        await first.opened;
        order.push('a ends');
      });
      await pause(100);
      const waiting = lock(b, 'account-token:1', async () => {
        order.push('b starts');
      });
      await lock(b, 'account-token:2', async () => {
        order.push('other key');
      });
      await pause(200);
      first.open();
      await Promise.all([holding, waiting]);
      expect(order).toEqual(
        testsUsePostgres()
          ? ['a starts', 'other key', 'a ends', 'b starts']
          : ['a starts', 'b starts', 'other key', 'a ends'],
      );
    },
  );

  it('is free again when the work threw', async () => {
    const [a, b] = [open(), open()];
    const failed = await lock(a, 'account-token:1', async () => {
      throw new Error('the platform said no');
    }).catch((error: Error) => error.message);
    expect(failed).toBe('the platform said no');
    expect(await lock(b, 'account-token:1', async () => 'taken', 1_000)).toBe('taken');
  });

  it('runs the work on the connection that holds the lock: a pool of one is enough', async () => {
    const single = open(1);
    const count = await lock(single, 'account-token:1', async (db) => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from users`.execute(db);
      return Number(rows[0]?.n);
    });
    expect(count).toBe(0);
  });

  it.runIf(testsUsePostgres())('gives up waiting after waitMs, holding nothing', async () => {
    const [a, b] = [open(), open()];
    const first = gate();
    const holding = lock(a, 'account-token:1', () => first.opened);
    await pause(100);
    const started = Date.now();
    const refused = await lock(b, 'account-token:1', async () => 'never', 300).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(LockWaitTimeout);
    expect(Date.now() - started).toBeLessThan(5_000);
    first.open();
    await holding;
    expect(await lock(b, 'account-token:1', async () => 'taken', 1_000)).toBe('taken');
  });
});
