import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxHandleFile } from '../../server/accounts/start-demo-sandbox.js';
import { type RunningServer, startServer } from '../support/spawn-server.js';
import { createTestApp } from '../support/test-app.js';

/**
 * `npm start` (scripts/start.mjs) on a public APP_URL with no other configuration: the state a
 * new operator's server is in before they read the documentation.
 */
describe('npm start with a public APP_URL and nothing else configured', () => {
  let server: RunningServer;
  let envDir: string;

  beforeAll(async () => {
    envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-env-'));
    const envFile = path.join(envDir, '.env');
    // The .env file is read: its SUPPORT_URL must reach the app.
    fs.writeFileSync(envFile, 'SUPPORT_URL=mailto:ops@postloom.example.org\nLOG_LEVEL=info\n');
    server = await startServer(
      {
        APP_URL: 'https://postloom.example.org',
        POSTLOOM_ENV_FILE: envFile,
        SCHEDULER: 'off',
        // Unset what the test helper sets by default, as a fresh install would.
        LOG_LEVEL: '',
        NODE_ENV: '',
        SANDBOX_PORT: '0',
      },
      { script: 'scripts/start.mjs', startTimeoutMs: 120_000 },
    );
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(envDir, { recursive: true, force: true });
  });

  it('reads .env', async () => {
    const config = await (await fetch(`${server.url}/api/app-config`)).json();
    expect(config.supportUrl).toBe('mailto:ops@postloom.example.org');
  });

  it('a visitor cannot read the outbox: /dev/mail is not served, even to this machine', async () => {
    const res = await fetch(`${server.url}/dev/mail`);
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('Outbox');
    expect((await (await fetch(`${server.url}/api/app-config`)).json()).devMailbox).toBe(false);
  });

  it('starts no sandbox, and no platform pretends to be connected', async () => {
    expect(fs.existsSync(sandboxHandleFile(server.dataDir))).toBe(false);
    expect(server.output()).not.toContain('platform sandbox started');
  });

  it('says in its log how to configure SMTP and each platform', () => {
    const log = server.output();
    expect(log).toContain('E-mail is off: set SMTP_URL');
    for (const prefix of ['X', 'FACEBOOK', 'INSTAGRAM', 'LINKEDIN', 'TIKTOK', 'THREADS']) {
      expect(log).toContain(`set ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET`);
    }
    expect(log).toContain('https://postloom.example.org/auth/twitter/callback');
  });
});

describe('demo mode on a public APP_URL', () => {
  it('is off by default, so platforms without credentials are unavailable', async () => {
    const t = await createTestApp({ APP_URL: 'https://postloom.example.org' });
    try {
      expect(t.config.DEMO_MODE).toBe(false);
      expect((await (await t.request('/api/app-config')).json()).publicDemoMode).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('is on only when DEMO_MODE=on says so, and then the app says it', async () => {
    const t = await createTestApp({ APP_URL: 'https://postloom.example.org', DEMO_MODE: 'on' });
    try {
      expect(t.config.DEMO_MODE).toBe(true);
      expect((await (await t.request('/api/app-config')).json()).publicDemoMode).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('stays on by default on a loopback APP_URL', async () => {
    const t = await createTestApp({ APP_URL: 'http://127.0.0.1:3000' });
    try {
      expect(t.config.DEMO_MODE).toBe(true);
    } finally {
      await t.close();
    }
  });
});
