import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run db:migrate`'s program with only the given settings. */
async function migrateCli(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-migrate-'));
  dirs.push(dataDir);
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/db/migrate-cli.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
    });
    return { code: 0, stdout, stderr, dataDir };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr, dataDir };
  }
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run db:migrate', () => {
  it('migrates the SQLite file in DATA_DIR without DATABASE_URL', async () => {
    const result = await migrateCli({});
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Applied: 2026-11-21T2300-initial, /);
    expect(fs.existsSync(path.join(result.dataDir, 'postloom.sqlite'))).toBe(true);
  });

  it('ends with one line and exit code 1 when the database cannot be reached, writing no SQLite file', async () => {
    const port = await closedPort();
    const result = await migrateCli({ DATABASE_URL: `postgres://ann:s3cret@127.0.0.1:${port}/postloom` });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Cannot migrate: cannot reach the database at 127.0.0.1:${port}: connection refused`,
    );
    expect(fs.readdirSync(result.dataDir)).toEqual([]);
  });
});
