import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer, TEST_SERVER_VARIABLE } from '../support/spawn-server.js';

// ROLE splits the work of one install over processes; settings the processes must share are
// refused at start, in one line naming the variable, before anything is opened.

let server: RunningServer | undefined;
const dirs: string[] = [];

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the server with these settings and waits for it to exit (it must not start). */
function startFailing(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-role-'));
  dirs.push(dataDir);
  const bundle = process.env[TEST_SERVER_VARIABLE];
  const args = bundle ? [bundle] : ['--import', 'tsx', 'server/main.ts'];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test', ...env },
        timeout: 60_000,
      },
      (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
    );
  });
}

async function health(target: RunningServer) {
  return (await (await fetch(`${target.url}/api/health`)).json()) as {
    status: string;
    scheduler?: { lastTick: string | null };
  };
}

describe('settings every process must share', { timeout: 120_000 }, () => {
  it('refuses to start on PostgreSQL without ENCRYPTION_KEY, in one line naming it', async () => {
    const result = await startFailing({ DATABASE_URL: 'postgres://postloom:secret@127.0.0.1:1/postloom' });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Cannot start: ENCRYPTION_KEY must be set with DATABASE_URL, the same on every process/,
    );
    expect(result.stderr).not.toContain('secret');
  });

  it('refuses a VAPID key without its pair', async () => {
    const result = await startFailing({ VAPID_PUBLIC_KEY: 'BPublicKeyOnly' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  });

  it('says the demo sandbox port is taken instead of using the sandbox listening there', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const result = await startFailing({ SANDBOX_PORT: String(port), DEMO_MODE: 'on' });
      expect(result.code).toBe(1);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(result.stderr.trim().split('\n')).toContain(
        `Cannot start: demo mode's platform sandbox cannot listen on 127.0.0.1:${port}: the port is taken (another Postloom process's sandbox?). To run several processes, start one \`npm run sandbox\` and set SANDBOX_URL=http://127.0.0.1:${port} on every process; otherwise choose a free SANDBOX_PORT.`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('ROLE', { timeout: 120_000 }, () => {
  it('a worker answers /api/health and nothing else over HTTP', async () => {
    server = await startServer({ ROLE: 'worker' });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    for (const route of ['/api/auth/session', '/api/openapi.json', '/', '/login', '/api/events']) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status, route).toBe(404);
    }
    // Its engine runs: the sweep's heartbeat is there.
    await expect.poll(async () => (await health(server as RunningServer)).scheduler?.lastTick).toBeTruthy();
  });

  it('a web process serves the API but runs no engine', async () => {
    server = await startServer({ ROLE: 'web' });
    expect((await fetch(`${server.url}/api/auth/session`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/openapi.json`)).status).toBe(200);
    // No sweep ever ran on this database: no heartbeat, here or stored.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await health(server)).scheduler?.lastTick).toBeNull();
  });
});
