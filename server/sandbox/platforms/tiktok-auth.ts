import type { SandboxApp, SandboxContext, SandboxContextC } from '../sandbox-types.js';
import { errorPage } from './shared.js';

/** TikTok (docs, Nov 2026): access tokens 2 hours, refresh tokens 180 days and rotating. */
const TIKTOK_ACCESS_TTL_SEC = 7200;
const TIKTOK_REFRESH_TTL_SEC = 180 * 24 * 3600;
const TIKTOK_CODE_TTL_MS = 10 * 60 * 1000;

export const TIKTOK_DEMO_CREATOR = {
  openId: '-000Jt7qLmZ3vXk9RbP2cWdY8sNf4hTgA1',
  unionId: 'c9d2a4e1-6b3f-4a8e-9f20-7d51b8c3e6aa',
  displayName: 'Jonah Tate',
  username: 'jonah.tate',
};

export function logId(ctx: SandboxContext): string {
  const stamp = new Date(ctx.now()).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${ctx.randomToken(9).replace(/[-_]/g, 'A').toUpperCase()}`;
}

function oauthError(
  c: SandboxContextC,
  ctx: SandboxContext,
  status: 400 | 401,
  error: string,
  description: string,
) {
  return c.json({ error, error_description: description, log_id: logId(ctx) }, status);
}

export function registerTiktokAuth(app: SandboxApp, ctx: SandboxContext): void {
  const authorize = (c: SandboxContextC) => {
    const q = c.req.query();
    // TikTok names the client id `client_key`.
    if (!q.client_key || !q.redirect_uri || q.response_type !== 'code') {
      return errorPage(
        c,
        'TikTok',
        'Something went wrong: client_key, redirect_uri and response_type=code are required.',
      );
    }
    const scopes = (q.scope ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return ctx.consent(c, {
      platform: 'tiktok',
      platformName: 'TikTok',
      clientId: q.client_key,
      redirectUri: q.redirect_uri,
      state: q.state,
      scopes,
      identity: {
        id: TIKTOK_DEMO_CREATOR.openId,
        name: TIKTOK_DEMO_CREATOR.displayName,
        handle: TIKTOK_DEMO_CREATOR.username,
        avatarUrl: ctx.avatarUrl(c, 'tiktok'),
      },
      approve: () =>
        ctx.issueCode({
          platform: 'tiktok',
          clientId: q.client_key!,
          redirectUri: q.redirect_uri!,
          scopes,
          accountId: TIKTOK_DEMO_CREATOR.openId,
          codeChallenge: q.code_challenge,
          codeChallengeMethod: q.code_challenge_method,
          ttlMs: TIKTOK_CODE_TTL_MS,
        }),
    });
  };
  app.get('/www.tiktok.com/v2/auth/authorize/', authorize);
  app.get('/www.tiktok.com/v2/auth/authorize', authorize);

  app.post('/open.tiktokapis.com/v2/oauth/token/', async (c) => {
    const params = await ctx.readParams(c);
    const clientKey = params.client_key;
    if (!clientKey || !params.client_secret || !ctx.checkClient('tiktok', clientKey, params.client_secret)) {
      return oauthError(c, ctx, 401, 'invalid_client', 'Client key or secret is invalid.');
    }
    if (params.grant_type === 'authorization_code') {
      const result = ctx.consumeCode('tiktok', params.code ?? '', clientKey, params.redirect_uri);
      if (!result.ok)
        return oauthError(c, ctx, 400, 'invalid_grant', 'Authorization code is expired or invalid.');
      if (!ctx.verifyPkce(result.code, params.code_verifier)) {
        return oauthError(c, ctx, 400, 'invalid_grant', 'Code verifier does not match the code challenge.');
      }
      return c.json(issue(ctx, clientKey, result.code.accountId, result.code.scopes));
    }
    if (params.grant_type === 'refresh_token') {
      // Rotation: "The previous refresh token stops working once a new one is issued."
      const result = ctx.consumeRefreshToken('tiktok', params.refresh_token ?? '', clientKey);
      if (!result.ok)
        return oauthError(c, ctx, 400, 'invalid_request', 'Refresh token is invalid or expired.');
      return c.json(issue(ctx, clientKey, result.token.accountId, result.token.scopes));
    }
    return oauthError(c, ctx, 400, 'unsupported_grant_type', 'The grant type is not supported.');
  });

  app.post('/open.tiktokapis.com/v2/oauth/revoke/', async (c) => {
    const params = await ctx.readParams(c);
    if (!params.client_key || !ctx.checkClient('tiktok', params.client_key, params.client_secret)) {
      return oauthError(c, ctx, 401, 'invalid_client', 'Client key or secret is invalid.');
    }
    ctx.revokeToken('tiktok', params.token ?? '');
    return c.json({ data: {}, error: { code: 'ok', message: '', log_id: logId(ctx) } });
  });
}

function issue(ctx: SandboxContext, clientKey: string, accountId: string, scopes: string[]) {
  const tokens = ctx.issueTokens({
    platform: 'tiktok',
    clientId: clientKey,
    accountId,
    scopes,
    accessTtlSec: TIKTOK_ACCESS_TTL_SEC,
    refreshTtlSec: TIKTOK_REFRESH_TTL_SEC,
  });
  return {
    access_token: tokens.accessToken,
    expires_in: TIKTOK_ACCESS_TTL_SEC,
    open_id: accountId,
    refresh_expires_in: TIKTOK_REFRESH_TTL_SEC,
    refresh_token: tokens.refreshToken,
    scope: scopes.join(','),
    token_type: 'Bearer',
  };
}
