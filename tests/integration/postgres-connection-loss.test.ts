import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/database.js';
import { createTestDatabase, testsUsePostgres } from '../support/test-database-kind.js';

/**
 * A connection lost while a query is on it (PostgreSQL stopped at once, a proxy or the network
 * dropped it): pg then emits 'error' on the client the pool has lent out, where nothing listens,
 * and an 'error' event nobody listens for ends the Node process. The query must fail instead, and
 * the process go on.
 */
describe.runIf(testsUsePostgres())('a PostgreSQL connection lost during a query', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('fails that query, leaves the process running, and the next query opens a new connection', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-pg-loss-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const database = await createTestDatabase(dir);
    cleanups.push(() => database.release());
    const target = new URL(database.url as string);

    // The app reaches PostgreSQL through a relay the test can cut.
    const relayed: net.Socket[] = [];
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      client.pipe(upstream).pipe(client);
      for (const socket of [client, upstream]) socket.on('error', () => undefined);
      relayed.push(client, upstream);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => relay.close(() => resolve())));
    const viaRelay = new URL(target);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String((relay.address() as AddressInfo).port);
    const db = openDatabase({ url: viaRelay.toString(), onIdleError: () => undefined });
    cleanups.push(() => db.destroy());

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query like 'select pg_sleep(30)%' and pid <> pg_backend_pid()",
      );
      await admin.end();
    });

    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    cleanups.push(() => {
      process.off('uncaughtException', onUncaught);
    });

    const slow = sql`select pg_sleep(30)`.execute(db).then(
      () => null,
      (error: unknown) => error,
    );
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query(
          "select 1 from pg_stat_activity where query like 'select pg_sleep(30)%' and state = 'active'",
        );
        expect(rows).toHaveLength(1);
      },
      { timeout: 5000, interval: 20 },
    );
    // Cut without a word from PostgreSQL, as a stopped server or a dropped network does.
    for (const socket of relayed) socket.destroy();

    expect(await slow).toBeInstanceOf(Error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uncaught).toEqual([]);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
