import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every /api route the app serves, with its methods', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = new Set<string>();
    for (const route of t.app.routes) {
      if (!route.path.startsWith('/api/') || route.method === 'ALL') continue;
      if (route.path === '/api/openapi.json' || route.path === '/api/docs' || route.path.endsWith('*'))
        continue;
      // Hono writes parameters as :id, OpenAPI as {id}.
      const path = route.path.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');
      served.add(`${route.method.toLowerCase()} ${path}`);
    }
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method} ${path}`),
      ),
    );
    expect(served.size).toBeGreaterThan(30);
    expect([...served].filter((route) => !documented.has(route))).toEqual([]);
  });

  it('serves readable docs that need nothing from the network', async () => {
    const res = await t.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/api/openapi.json');
    expect(html).not.toMatch(/<script[^>]+src=["']https?:/);
  });
});
