import { expect } from 'vitest';
import type { ApiScope, CreatedApiToken } from '../../shared/api-tokens/api-tokens.js';
import type { TestApp } from '../support/test-app.js';

/** The web app's origin: cookie writes must come from it (CSRF). */
export const WEB_ORIGIN = 'http://localhost:3000';

/** Creates an API token through Settings' route with a cookie session. */
export async function createToken(
  t: TestApp,
  cookie: string,
  scopes: readonly ApiScope[],
  options: { name?: string; expiresIn?: '30d' | '90d' | '1y' | 'never' } = {},
): Promise<CreatedApiToken> {
  const res = await t.request('/api/api-tokens', {
    method: 'POST',
    headers: { cookie, origin: WEB_ORIGIN },
    json: { name: options.name ?? 'script', scopes, expiresIn: options.expiresIn ?? 'never' },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedApiToken;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A request path for an OpenAPI path: each `{param}` filled with a value its route accepts. */
export function concretePath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'platform' ? 'linkedin' : '00000000-0000-4000-8000-000000000000',
  );
}
