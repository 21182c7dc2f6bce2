import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../support/spawn-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ SCHEDULER: 'off', SANDBOX_URL: 'http://127.0.0.1:9' });
});
afterAll(() => server?.stop());

describe('no page can be framed by another site', () => {
  it.each([
    '/',
    '/login',
    '/extension/connect?extensionId=abcdefghijklmnopabcdefghijklmnop',
    '/settings/privacy',
    '/api/health',
    '/api/docs',
    '/api/nope',
    '/dev/mail',
  ])('%s sends frame-ancestors none and X-Frame-Options DENY', async (path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("keeps a page's own policy and adds frame-ancestors to it", async () => {
    const res = await fetch(`${server.url}/dev/mail`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
