import type { SandboxContext, SandboxContextC, TokenRecord } from '../sandbox-types.js';

/** X API v2 errors are RFC 7807 problems (docs.x.com response-codes-and-errors). */
export function problem(
  c: SandboxContextC,
  status: number,
  title: string,
  detail: string,
  type = 'about:blank',
  extra: Record<string, unknown> = {},
): Response {
  return c.body(JSON.stringify({ title, detail, type, status, ...extra }), status as 400, {
    'content-type': 'application/problem+json',
  });
}

export function invalidRequest(
  c: SandboxContextC,
  message: string,
  parameters: Record<string, unknown> = {},
) {
  return problem(
    c,
    400,
    'Invalid Request',
    'One or more parameters to your request was invalid.',
    'https://api.x.com/2/problems/invalid-request',
    { errors: [{ parameters, message }] },
  );
}

/** Bearer token with the given scopes, or the Problem X answers. */
export function requireXToken(
  c: SandboxContextC,
  ctx: SandboxContext,
  scopes: string[],
): { ok: true; token: TokenRecord } | { ok: false; response: Response } {
  const auth = ctx.authenticate(c, 'twitter');
  if (!auth.ok) {
    return { ok: false, response: problem(c, 401, 'Unauthorized', 'Unauthorized') };
  }
  const missing = scopes.filter((s) => !auth.token.scopes.includes(s));
  if (missing.length) {
    return {
      ok: false,
      response: problem(
        c,
        403,
        'Forbidden',
        `Missing required OAuth 2.0 scopes: ${missing.join(', ')}`,
        'https://api.x.com/2/problems/client-forbidden',
        { reason: 'client-not-enrolled' },
      ),
    };
  }
  return { ok: true, token: auth.token };
}
