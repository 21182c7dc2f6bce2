import { afterEach, describe, expect, it } from 'vitest';
import { createTokenBucket, MAX_BUCKETS } from '../../server/http/token-bucket.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function login(app: TestApp, forwardedFor: string) {
  return app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'x-forwarded-for': forwardedFor },
    json: { email: 'victim@example.com', password: 'wrong-password-1' },
  });
}

async function statuses(count: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await send(i)).status);
  return result;
}

describe('rate limits behind a trusted proxy', () => {
  it('an attacker rotating X-Forwarded-For entries cannot escape the sign-in limit', async () => {
    t = await createTestApp({ TRUST_PROXY: 'on', RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    const app = t;
    // The proxy appends the real peer (203.0.113.7); everything left of it is the attacker's.
    const results = await statuses(5, (i) => login(app, `198.51.100.${i}, 10.0.${i}.1, 203.0.113.7`));
    expect(results.slice(0, 3).every((s) => s === 401)).toBe(true);
    expect(results.slice(3)).toEqual([429, 429]);
  });

  it('with two proxies the client is the second entry from the right', async () => {
    t = await createTestApp({ TRUST_PROXY: 'on', TRUST_PROXY_HOPS: '2', RATE_LIMIT_AUTH_PER_MINUTE: '2' });
    const app = t;
    const results = await statuses(3, (i) => login(app, `192.0.2.${i}, 203.0.113.9, 10.0.0.2`));
    expect(results).toEqual([401, 401, 429]);
    // Another client behind the same two proxies has its own bucket.
    expect((await login(app, '203.0.113.10, 10.0.0.2')).status).toBe(401);
  });

  it('an attacker rotating addresses inside one IPv6 /64 shares one bucket', async () => {
    t = await createTestApp({ TRUST_PROXY: 'on', RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    const app = t;
    const results = await statuses(5, (i) => login(app, `2001:db8:7:8:${(i + 1).toString(16)}::1`));
    expect(results.slice(3)).toEqual([429, 429]);
    expect((await login(app, '2001:db8:7:9::1')).status).toBe(401);
  });
});

describe('rate limit buckets', () => {
  it('flooding the limiter with new addresses evicts old buckets, never an active attacker', () => {
    const bucket = createTokenBucket(3, 60_000);
    const now = 1_000_000;
    for (let i = 0; i < 3; i++) expect(bucket.take('attacker', now)).toBe(true);
    expect(bucket.take('attacker', now)).toBe(false);
    for (let i = 0; i <= MAX_BUCKETS; i++) {
      bucket.take(`spoofed-${i}`, now);
      // The attacker keeps trying in between: its bucket stays recent.
      if (i % 1000 === 0) expect(bucket.take('attacker', now)).toBe(false);
    }
    expect(bucket.size).toBeLessThanOrEqual(MAX_BUCKETS);
    expect(bucket.take('attacker', now)).toBe(false);
  });
});

describe('rate limits per e-mail address', () => {
  it('one inbox cannot be flooded with reset mails from many addresses', async () => {
    t = await createTestApp({ TRUST_PROXY: 'on', RATE_LIMIT_EMAIL_PER_HOUR: '3' });
    const app = t;
    const results = await statuses(5, (i) =>
      app.request('/api/auth/password/reset', {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        json: { email: 'Victim@Example.com' },
      }),
    );
    expect(results).toEqual([200, 200, 200, 429, 429]);
  });

  it('sign-up for one e-mail is limited whatever address it comes from', async () => {
    t = await createTestApp({ TRUST_PROXY: 'on', RATE_LIMIT_EMAIL_PER_HOUR: '2' });
    const app = t;
    const results = await statuses(3, (i) =>
      app.request('/api/auth/signup', {
        method: 'POST',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        json: { email: 'taken@example.com', password: 'secret-123', timezone: 'UTC', language: 'en' },
      }),
    );
    expect(results[2]).toBe(429);
  });
});
