import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './database.js';
import { describeDatabaseError } from './database-errors.js';
import { postgresPoolConfig } from './postgres.js';

const URL_WITH_PASSWORD = 'postgres://ann:s3cret@db.example:6543/postloom';
const cleanups: (() => Promise<unknown> | unknown)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A pg DatabaseError as the server sends it. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = 'FATAL';
  return error;
}

function errorWithCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('describeDatabaseError', () => {
  it('names host and port of a database that refuses connections', async () => {
    const url = `postgres://ann:s3cret@127.0.0.1:${await closedPort()}/postloom`;
    const db = openDatabase({ url });
    cleanups.push(() => db.destroy());
    const error = await sql`SELECT 1`.execute(db).catch((caught: unknown) => caught);
    expect(describeDatabaseError(error, url)).toBe(
      `cannot reach the database at ${new URL(url).host}: connection refused`,
    );
  });

  it('says a connection timed out when the server never answers', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => silent.close(resolve)));
    const sockets: net.Socket[] = [];
    silent.on('connection', (socket) => sockets.push(socket));
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
    });
    const { port } = silent.address() as net.AddressInfo;
    const url = `postgres://ann@127.0.0.1:${port}/postloom`;
    const pool = new pg.Pool(postgresPoolConfig({ url, connectTimeoutMs: 100 }));
    cleanups.push(() => pool.end());
    const error = await pool.query('SELECT 1').catch((caught: unknown) => caught);
    expect(describeDatabaseError(error, url)).toBe(
      `cannot reach the database at 127.0.0.1:${port}: timed out`,
    );
  });

  it('says a host name was not found, also when Node reports every address at once', () => {
    const notFound = errorWithCode('getaddrinfo ENOTFOUND db.example', 'ENOTFOUND');
    expect(describeDatabaseError(notFound, URL_WITH_PASSWORD)).toBe(
      'cannot reach the database at db.example:6543: host not found',
    );
    const everyAddress = new AggregateError([
      errorWithCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
      errorWithCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    ]);
    expect(describeDatabaseError(everyAddress, 'postgresql://localhost/postloom')).toBe(
      'cannot reach the database at localhost:5432: connection refused',
    );
  });

  it('says the credentials were rejected, naming the user but never the password', () => {
    const rejected = serverError('28P01', 'password authentication failed for user "ann"');
    const line = describeDatabaseError(rejected, URL_WITH_PASSWORD);
    expect(line).toBe(
      'the database at db.example:6543 rejected the credentials for user "ann": check the user name and password in DATABASE_URL (password authentication failed for user "ann")',
    );
    const noPassword = new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string');
    expect(describeDatabaseError(noPassword, 'postgres://ann@db.example/postloom')).toMatch(
      /^the database at db\.example:5432 rejected the credentials for user "ann"/,
    );
  });

  it('tells a host rule that wants TLS from bad credentials', () => {
    const hba = serverError(
      '28000',
      'no pg_hba.conf entry for host "10.0.0.7", user "ann", database "postloom", SSL off',
    );
    expect(describeDatabaseError(hba, URL_WITH_PASSWORD)).toBe(
      'the database at db.example:6543 refused the connection for user "ann": no pg_hba.conf entry for host "10.0.0.7", user "ann", database "postloom", SSL off (add ?sslmode=require to DATABASE_URL)',
    );
  });

  it('refuses a SQLite file migrated by a newer Postloom, naming the unknown migration', async () => {
    const db = openDatabase({ file: ':memory:' });
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('2099-01-01T0000-future', '2099-01-01')`.execute(
      db,
    );
    const error = await migrateToLatest(db).catch((caught: unknown) => caught);
    expect(describeDatabaseError(error)).toBe(
      'the database was migrated by a newer Postloom: unknown migration 2099-01-01T0000-future',
    );
  });

  it('keeps anything else to one line with the address and without the password', () => {
    const line = describeDatabaseError(new Error('something odd\n  happened'), URL_WITH_PASSWORD);
    expect(line).toBe('database error at db.example:6543: something odd happened');
    for (const error of [
      new Error('x'),
      serverError('28P01', 'password authentication failed for user "ann"'),
      serverError('3D000', 'database "postloom" does not exist'),
      serverError('53300', 'sorry, too many clients already'),
    ]) {
      const described = describeDatabaseError(error, URL_WITH_PASSWORD);
      expect(described).not.toContain('s3cret');
      expect(described).not.toContain('\n');
    }
  });
});
