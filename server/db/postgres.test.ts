import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectionStringWithLibpqSsl, numberTypeParsers, postgresPoolConfig } from './postgres.js';

/** The TLS options pg would connect with for a DATABASE_URL. */
function sslOf(url: string) {
  const client = new pg.Client(postgresPoolConfig({ url })) as pg.Client & {
    connectionParameters: { ssl: unknown };
  };
  return client.connectionParameters.ssl;
}

describe('the PostgreSQL connection settings', () => {
  it('encrypt without checking the certificate for sslmode=require, as libpq does', () => {
    expect(sslOf('postgres://u:p@db.example:5432/app?sslmode=require')).toEqual({
      rejectUnauthorized: false,
    });
  });

  it('check the certificate for sslmode=verify-full and use no TLS without sslmode', () => {
    const verified = sslOf('postgres://u:p@db.example/app?sslmode=verify-full');
    expect(verified).toBeTruthy();
    expect(verified).not.toMatchObject({ rejectUnauthorized: false });
    expect(sslOf('postgres://u:p@db.example/app')).toBe(false);
    expect(sslOf('postgres://u:p@db.example/app?sslmode=disable')).toBe(false);
  });

  it('leave a URL alone that has no sslmode or already chose its compatibility', () => {
    expect(connectionStringWithLibpqSsl('postgres://u:p@db.example/app')).toBe(
      'postgres://u:p@db.example/app',
    );
    const chosen = 'postgres://u:p@db.example/app?sslmode=require&uselibpqcompat=false';
    expect(connectionStringWithLibpqSsl(chosen)).toBe(chosen);
  });

  it('size the pool from DATABASE_POOL_SIZE, 10 by default', () => {
    expect(postgresPoolConfig({ url: 'postgres://db.example/app' }).max).toBe(10);
    expect(postgresPoolConfig({ url: 'postgres://db.example/app', poolSize: 3 }).max).toBe(3);
  });
});

describe('the PostgreSQL type parsers', () => {
  const types = numberTypeParsers();
  const parse = (oid: number, text: string) =>
    (types.getTypeParser as (o: number) => (v: string) => unknown)(oid)(text);

  it('read int8 (epoch ms, count, sum of integers) and numeric (sum of bigints, avg) as numbers', () => {
    expect(parse(20, '1893456000000')).toBe(1_893_456_000_000);
    expect(parse(1700, '3786912000001')).toBe(3_786_912_000_001);
    expect(parse(1700, '0.50000000000000000000')).toBe(0.5);
    expect(parse(1016, '{1,NULL,3}')).toEqual([1, null, 3]);
    expect(parse(1231, '{1.5,2}')).toEqual([1.5, 2]);
  });

  it('leave every other type to pg', () => {
    expect(parse(23, '42')).toBe(42);
    expect(parse(16, 't')).toBe(true);
    expect(parse(25, '123')).toBe('123');
    expect(parse(1184, '2030-01-01 00:00:00+00')).toEqual(new Date(Date.UTC(2030, 0, 1)));
  });
});
