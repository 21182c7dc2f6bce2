import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { control } from '../../server/sandbox/sandbox-testing.js';
import { demoSandboxOf, type RunningServer, startServer } from '../support/spawn-server.js';

let server: RunningServer;

beforeAll(async () => {
  // No SANDBOX_URL and no credentials: the server starts the built-in sandbox itself (demo mode).
  server = await startServer({ SANDBOX_PORT: '0', SCHEDULER: 'off' });
});
afterAll(async () => {
  await server?.stop();
});

it('starts the built-in sandbox in demo mode and sends every platform to it', async () => {
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'demo@example.com',
      password: 'demo-mode-1',
      timezone: 'UTC',
      language: 'en',
    }),
  });
  expect(signup.status).toBe(201);
  const token = /\/auth\/confirm\?token=([\w-]+)/.exec(server.output())?.[1];
  const confirm = await fetch(`${server.url}/api/auth/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(confirm.status).toBe(200);
  const cookie = confirm.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

  const platforms = (await (
    await fetch(`${server.url}/api/accounts/platforms`, { headers: { cookie } })
  ).json()) as {
    platforms: Array<{ id: string; mode: string }>;
  };
  expect(platforms.platforms.every((p) => p.mode === 'sandbox')).toBe(true);

  for (const platform of ['twitter', 'facebook', 'instagram', 'linkedin', 'tiktok', 'threads']) {
    const res = await fetch(`${server.url}/api/accounts/${platform}/connect`, { headers: { cookie } });
    const { url } = (await res.json()) as { url: string };
    const consent = await fetch(url);
    expect(consent.status, `${platform} consent page`).toBe(200);
    expect(await consent.text()).toContain('Approve');
  }
});

it('keeps the demo sandbox on 127.0.0.1 with its control API closed to anyone without the secret', async () => {
  const sandbox = demoSandboxOf(server);
  const port = Number(new URL(sandbox.url).port);
  // What `ss -ltn` shows: every listening socket on the sandbox's port, from the kernel's tables.
  const listening = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === '0A' && Number.parseInt(cols[1]?.split(':')[1] ?? '', 16) === port)
      .map((cols) => cols[1]?.split(':')[0]),
  );
  expect(listening).toEqual(['0100007F']);
  expect((await fetch(`${sandbox.url}/_control/reset`, { method: 'POST' })).status).toBe(401);
  expect((await control({ ...sandbox, controlSecret: 'wrong' }, '/published')).status).toBe(401);
  expect((await control(sandbox, '/published')).status).toBe(200);
  const stat = fs.statSync(`${server.dataDir}/sandbox-control.json`);
  expect(stat.mode & 0o077).toBe(0);
});
