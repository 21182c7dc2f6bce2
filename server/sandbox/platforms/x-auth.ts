import type { SandboxApp, SandboxContext, SandboxContextC } from '../sandbox-types.js';
import { errorPage } from './shared.js';
import { X_DEMO_USER, xUserAvatar } from './x-users.js';

/** X access tokens live 2 hours; the authorization code only 30 seconds (docs.x.com). */
const X_ACCESS_TTL_SEC = 7200;
const X_REFRESH_TTL_SEC = 180 * 24 * 3600;
const X_CODE_TTL_MS = 30_000;

export function registerXAuth(app: SandboxApp, ctx: SandboxContext): void {
  for (const host of ['x.com', 'twitter.com']) {
    app.get(`/${host}/i/oauth2/authorize`, (c) => authorize(c, ctx));
  }
  app.post('/api.x.com/2/oauth2/token', (c) => token(c, ctx));
  app.post('/api.x.com/2/oauth2/revoke', async (c) => {
    const params = await ctx.readParams(c);
    const client = clientOf(c, ctx, params);
    if (!client.ok) return c.json(client.error, 401);
    ctx.revokeToken('twitter', params.token ?? '');
    return c.json({ revoked: true });
  });
}

function authorize(c: SandboxContextC, ctx: SandboxContext): Response | Promise<Response> {
  const q = c.req.query();
  if (!q.client_id || !q.redirect_uri)
    return errorPage(c, 'X', 'Something went wrong: client_id and redirect_uri are required.');
  if (q.response_type !== 'code')
    return errorPage(c, 'X', 'Something went wrong: response_type must be code.');
  // X requires PKCE on every OAuth 2.0 authorization request.
  if (!q.code_challenge) return errorPage(c, 'X', 'Something went wrong: code_challenge is required.');
  const method = (q.code_challenge_method ?? 'plain').toLowerCase();
  if (method !== 's256' && method !== 'plain') {
    return errorPage(c, 'X', 'Something went wrong: code_challenge_method must be S256 or plain.');
  }
  const scopes = (q.scope ?? '').split(/[\s+]+/).filter(Boolean);
  return ctx.consent(c, {
    platform: 'twitter',
    platformName: 'X',
    clientId: q.client_id,
    redirectUri: q.redirect_uri,
    state: q.state,
    scopes,
    identity: { ...X_DEMO_USER, avatarUrl: xUserAvatar(c, ctx) },
    approve: () =>
      ctx.issueCode({
        platform: 'twitter',
        clientId: q.client_id!,
        redirectUri: q.redirect_uri!,
        scopes,
        accountId: X_DEMO_USER.id,
        codeChallenge: q.code_challenge,
        codeChallengeMethod: method,
        ttlMs: X_CODE_TTL_MS,
      }),
  });
}

type ClientCheck =
  | { ok: true; clientId: string }
  | { ok: false; error: { error: string; error_description: string } };

function clientOf(c: SandboxContextC, ctx: SandboxContext, params: Record<string, string>): ClientCheck {
  const basic = ctx.basicAuth(c);
  const clientId = basic?.clientId ?? params.client_id;
  if (!clientId) {
    return {
      ok: false,
      error: { error: 'unauthorized_client', error_description: 'Missing valid authorization header' },
    };
  }
  if (!ctx.checkClient('twitter', clientId, basic?.clientSecret ?? params.client_secret)) {
    return {
      ok: false,
      error: { error: 'invalid_client', error_description: 'Client authentication failed' },
    };
  }
  return { ok: true, clientId };
}

async function token(c: SandboxContextC, ctx: SandboxContext): Promise<Response> {
  const params = await ctx.readParams(c);
  const client = clientOf(c, ctx, params);
  if (!client.ok) return c.json(client.error, 401);
  if (params.grant_type === 'authorization_code') {
    const result = ctx.consumeCode('twitter', params.code ?? '', client.clientId, params.redirect_uri);
    if (!result.ok || !ctx.verifyPkce(result.code, params.code_verifier)) {
      return c.json(
        {
          error: 'invalid_request',
          error_description: 'Value passed for the authorization code was invalid.',
        },
        400,
      );
    }
    return c.json(issue(ctx, client.clientId, result.code.accountId, result.code.scopes));
  }
  if (params.grant_type === 'refresh_token') {
    // Refresh tokens rotate: each one works once, then the new one replaces it.
    const result = ctx.consumeRefreshToken('twitter', params.refresh_token ?? '', client.clientId);
    if (!result.ok) {
      return c.json(
        { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' },
        400,
      );
    }
    return c.json(issue(ctx, client.clientId, result.token.accountId, result.token.scopes));
  }
  return c.json({ error: 'unsupported_grant_type', error_description: 'Unsupported grant type' }, 400);
}

function issue(ctx: SandboxContext, clientId: string, accountId: string, scopes: string[]) {
  const offline = scopes.includes('offline.access');
  const tokens = ctx.issueTokens({
    platform: 'twitter',
    clientId,
    accountId,
    scopes,
    accessTtlSec: X_ACCESS_TTL_SEC,
    refreshTtlSec: offline ? X_REFRESH_TTL_SEC : undefined,
  });
  return {
    token_type: 'bearer',
    expires_in: X_ACCESS_TTL_SEC,
    access_token: tokens.accessToken,
    scope: scopes.join(' '),
    ...(tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
  };
}
