import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ID } from '../shared/extension/identity.js';
import { serverStartProblem } from './cluster-config.js';
import { ConfigError, loadConfig } from './config.js';

/** The variables of .env.example as a copied .env would give them (empty ones included). */
function envExample(): Record<string, string> {
  const lines = fs.readFileSync('.env.example', 'utf8').split('\n');
  return Object.fromEntries(
    lines
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('configuration', () => {
  it('.env.example copied as it is to .env is a valid configuration with the documented defaults', () => {
    const config = loadConfig(envExample());
    expect(config.DEMO_MODE).toBe(true);
    expect(config.EXTENSION_IDS).toEqual([EXTENSION_ID]);
    expect(config.SANDBOX_HOST).toBe('127.0.0.1');
    expect(config.isLocal).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATABASE_POOL_SIZE).toBe(10);
  });

  it('.env.example with a public APP_URL turns demo mode off', () => {
    const config = loadConfig({ ...envExample(), APP_URL: 'https://postloom.example.org' });
    expect(config.DEMO_MODE).toBe(false);
    expect(config.isLocal).toBe(false);
  });

  it('refuses an extension id that is not one, naming the variable', () => {
    expect(() => loadConfig({ EXTENSION_IDS: 'not-an-id' })).toThrow(ConfigError);
    expect(() => loadConfig({ EXTENSION_IDS: 'not-an-id' })).toThrow(/EXTENSION_IDS/);
  });

  it('takes a postgres:// or postgresql:// DATABASE_URL and a pool size', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://postloom:pw@db.example:5432/postloom?sslmode=require',
      DATABASE_POOL_SIZE: '25',
    });
    expect(config.DATABASE_URL).toBe('postgresql://postloom:pw@db.example:5432/postloom?sslmode=require');
    expect(config.DATABASE_POOL_SIZE).toBe(25);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/postloom' }).DATABASE_URL).toBe(
      'postgres://db.example/postloom',
    );
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, without repeating its password', () => {
    for (const url of ['mysql://root:s3cret@db.example/postloom', 'postgres://root:s3c#ret@db.example:x/p']) {
      let error: unknown;
      try {
        loadConfig({ DATABASE_URL: url });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
      expect((error as Error).message).not.toContain('s3c');
    }
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('takes ROLE all (the default), web or worker, and refuses a worker without the scheduler', () => {
    expect(loadConfig({}).ROLE).toBe('all');
    expect(loadConfig({ ROLE: 'web', SCHEDULER: 'off' }).ROLE).toBe('web');
    expect(() => loadConfig({ ROLE: 'both' })).toThrow(/ROLE/);
    expect(() => loadConfig({ ROLE: 'worker', SCHEDULER: 'off' })).toThrow(/ROLE=worker .* SCHEDULER=off/);
  });

  it('refuses an ENCRYPTION_KEY that is not 32 bytes without repeating it', () => {
    expect(loadConfig({ ENCRYPTION_KEY: 'ab'.repeat(32) }).ENCRYPTION_KEY).toBe('ab'.repeat(32));
    expect(
      loadConfig({ ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).ENCRYPTION_KEY,
    ).toBeDefined();
    let error: unknown;
    try {
      loadConfig({ ENCRYPTION_KEY: 'too-short-key' });
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).message).toMatch(/ENCRYPTION_KEY must be 32 bytes/);
    expect((error as Error).message).not.toContain('too-short-key');
  });

  it('on PostgreSQL a server needs ENCRYPTION_KEY; db:migrate and db:copy do not', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db.example/postloom' });
    expect(serverStartProblem(config)).toMatch(/^ENCRYPTION_KEY must be set with DATABASE_URL/);
    expect(serverStartProblem({ ...config, ENCRYPTION_KEY: 'ab'.repeat(32) })).toBeUndefined();
    expect(serverStartProblem(loadConfig({}))).toBeUndefined();
  });
});
