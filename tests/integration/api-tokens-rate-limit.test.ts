import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { bearer, createToken } from './api-tokens-support.js';

let t: TestApp;
let user: InProcessUser;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '3' });
  user = await createSignedInUser(t);
});
afterAll(() => t.close());

function limits(res: Response) {
  return {
    limit: res.headers.get('ratelimit-limit'),
    remaining: res.headers.get('ratelimit-remaining'),
    reset: Number(res.headers.get('ratelimit-reset')),
  };
}

describe('the per-token rate limit', () => {
  it('reports the limit on every answer and answers 429 with Retry-After beyond it', async () => {
    const { token } = await createToken(t, user.cookie, ['posts:read']);
    const answers: Response[] = [];
    answers.push(await t.request('/api/posts', { headers: bearer(token) }));
    // A refused scope counts and reports too.
    answers.push(await t.request('/api/accounts', { headers: bearer(token) }));
    answers.push(await t.request('/api/posts', { headers: bearer(token) }));
    expect(answers.map((res) => res.status)).toEqual([200, 403, 200]);
    expect(answers.map((res) => limits(res).remaining)).toEqual(['2', '1', '0']);
    for (const res of answers) {
      expect(limits(res).limit).toBe('3');
      expect(limits(res).reset).toBeGreaterThanOrEqual(1);
      expect(limits(res).reset).toBeLessThanOrEqual(60);
    }

    const refused = await t.request('/api/posts', { headers: bearer(token) });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limits(refused)).toMatchObject({ limit: '3', remaining: '0' });
  });

  it('counts each token on its own, and never the web app', async () => {
    const spent = await createToken(t, user.cookie, ['posts:read']);
    for (let i = 0; i < 4; i++) await t.request('/api/posts', { headers: bearer(spent.token) });
    const fresh = await createToken(t, user.cookie, ['posts:read']);
    const res = await t.request('/api/posts', { headers: bearer(fresh.token) });
    expect(res.status).toBe(200);
    expect(limits(res).remaining).toBe('2');

    for (let i = 0; i < 5; i++) {
      const web = await t.request('/api/posts', { headers: { cookie: user.cookie } });
      expect(web.status).toBe(200);
      expect(web.headers.get('ratelimit-limit')).toBeNull();
    }
  });
});
