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

  it("describes each operation's security, a success answer and its errors, and names the server", async () => {
    type Operation = {
      security?: unknown[];
      responses?: Record<string, { content?: Record<string, unknown> }>;
    };
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      servers: Array<{ url: string }>;
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.config.APP_URL })]);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
    );
    expect(
      operations.filter(({ operation }) => !Array.isArray(operation.security)).map((o) => o.name),
    ).toEqual([]);
    const statuses = (operation: Operation) => Object.keys(operation.responses ?? {});
    expect(operations.filter(({ operation }) => !statuses(operation).some((s) => /^[23]/.test(s)))).toEqual(
      [],
    );
    // Signed-in operations answer 401 with the error model.
    const posts = doc.paths['/api/posts/{id}']?.get;
    expect(posts?.security).toEqual([{ cookie: [] }, { bearer: ['posts:read'] }]);
    expect(posts?.responses?.['401']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ApiError' } },
    });
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
  });

  it('serves readable docs that need nothing from the network', async () => {
    const res = await t.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/api/openapi.json');
    expect(html).not.toMatch(/<script[^>]+src=["']https?:/);
  });
});
