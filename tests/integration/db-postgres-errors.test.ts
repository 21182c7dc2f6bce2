import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../../scripts/pg-cluster.mjs';
import { openDatabase } from '../../server/db/database.js';
import { describeDatabaseError } from '../../server/db/database-errors.js';
import { acquireTestPostgres, requirePostgres, type TestPostgres } from '../support/postgres.js';

let postgres: TestPostgres;

beforeAll(async () => {
  postgres = await acquireTestPostgres();
}, 600_000);

afterAll(async () => {
  await postgres?.release();
});

/** What an operator reads when Postloom opens `url` and runs its first query. */
async function firstQueryError(url: string): Promise<string> {
  const db = openDatabase({ url });
  try {
    await sql`SELECT 1`.execute(db);
    return 'no error';
  } catch (error) {
    return describeDatabaseError(error, url);
  } finally {
    await db.destroy();
  }
}

describe('opening a misconfigured PostgreSQL', () => {
  it('says the server does not accept TLS when DATABASE_URL asks for sslmode=require', async (ctx) => {
    requirePostgres(ctx, postgres);
    const url = `${postgres.adminUrl}?sslmode=require`;
    const at = new URL(url).host;
    expect(await firstQueryError(url)).toBe(
      `cannot connect to the database at ${at}: the server does not accept SSL connections (remove sslmode from DATABASE_URL or enable SSL on the server)`,
    );
  });

  it('says the credentials were rejected for a user the server does not know', async (ctx) => {
    requirePostgres(ctx, postgres);
    const url = new URL(postgres.adminUrl);
    url.username = 'nobody';
    url.password = 'not-this-one';
    const line = await firstQueryError(url.toString());
    expect(line).toBe(
      `the database at ${url.host} rejected the credentials for user "nobody": check the user name and password in DATABASE_URL (role "nobody" does not exist)`,
    );
    expect(line).not.toContain('not-this-one');
  });

  it('says which database does not exist', async (ctx) => {
    requirePostgres(ctx, postgres);
    const url = databaseUrl(postgres.adminUrl, 'no_such_database');
    expect(await firstQueryError(url)).toBe(
      `cannot use the database at ${new URL(url).host}: database "no_such_database" does not exist: create it or fix the name in DATABASE_URL`,
    );
  });
});
