import type { SandboxApp, SandboxContext, SandboxContextC } from '../sandbox-types.js';
import { errorPage } from './shared.js';

/** LinkedIn member tokens last 60 days; there is no refresh token outside the partner program. */
const LINKEDIN_ACCESS_TTL_SEC = 5_184_000;
const LINKEDIN_CODE_TTL_MS = 30 * 60 * 1000;

export const LINKEDIN_DEMO_MEMBER = {
  sub: 'mQ7vX2pL9k',
  givenName: 'Maya',
  familyName: 'Rahman',
  email: 'maya.rahman@postloom.test',
};

export function linkedinMemberName(): string {
  return `${LINKEDIN_DEMO_MEMBER.givenName} ${LINKEDIN_DEMO_MEMBER.familyName}`;
}

function oauthError(c: SandboxContextC, status: 400 | 401, error: string, description: string) {
  return c.json({ error, error_description: description }, status);
}

export function registerLinkedinAuth(app: SandboxApp, ctx: SandboxContext): void {
  app.get('/www.linkedin.com/oauth/v2/authorization', (c) => {
    const q = c.req.query();
    if (!q.client_id || !q.redirect_uri || q.response_type !== 'code') {
      return errorPage(
        c,
        'LinkedIn',
        'Bummer, something went wrong: client_id, redirect_uri and response_type=code are required.',
      );
    }
    const scopes = (q.scope ?? '').split(/[\s+]+/).filter(Boolean);
    return ctx.consent(c, {
      platform: 'linkedin',
      platformName: 'LinkedIn',
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      state: q.state,
      scopes,
      identity: {
        id: LINKEDIN_DEMO_MEMBER.sub,
        name: linkedinMemberName(),
        avatarUrl: ctx.avatarUrl(c, 'linkedin'),
      },
      approve: () =>
        ctx.issueCode({
          platform: 'linkedin',
          clientId: q.client_id!,
          redirectUri: q.redirect_uri!,
          scopes,
          accountId: LINKEDIN_DEMO_MEMBER.sub,
          codeChallenge: q.code_challenge,
          codeChallengeMethod: q.code_challenge_method,
          ttlMs: LINKEDIN_CODE_TTL_MS,
        }),
    });
  });

  app.post('/www.linkedin.com/oauth/v2/accessToken', async (c) => {
    const params = await ctx.readParams(c);
    // LinkedIn takes the client credentials in the body (no HTTP Basic), and requires the secret.
    const basic = ctx.basicAuth(c);
    const clientId = params.client_id ?? basic?.clientId;
    const secret = params.client_secret ?? basic?.clientSecret;
    if (!clientId || !secret || !ctx.checkClient('linkedin', clientId, secret)) {
      return oauthError(c, 401, 'invalid_client', 'Client authentication failed');
    }
    if (params.grant_type === 'refresh_token') {
      return oauthError(c, 400, 'invalid_request', 'Refresh tokens are not enabled for this application');
    }
    if (params.grant_type !== 'authorization_code') {
      return oauthError(c, 400, 'unsupported_grant_type', 'A valid grant_type must be provided');
    }
    const result = ctx.consumeCode('linkedin', params.code ?? '', clientId, params.redirect_uri);
    if (!result.ok || !ctx.verifyPkce(result.code, params.code_verifier)) {
      return oauthError(
        c,
        400,
        'invalid_request',
        'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
      );
    }
    const tokens = ctx.issueTokens({
      platform: 'linkedin',
      clientId,
      accountId: result.code.accountId,
      scopes: result.code.scopes,
      accessTtlSec: LINKEDIN_ACCESS_TTL_SEC,
    });
    return c.json({
      access_token: tokens.accessToken,
      expires_in: LINKEDIN_ACCESS_TTL_SEC,
      scope: result.code.scopes.join(','),
      token_type: 'Bearer',
    });
  });

  app.post('/www.linkedin.com/oauth/v2/revoke', async (c) => {
    const params = await ctx.readParams(c);
    if (!params.client_id || !ctx.checkClient('linkedin', params.client_id, params.client_secret)) {
      return oauthError(c, 401, 'invalid_client', 'Client authentication failed');
    }
    ctx.revokeToken('linkedin', params.token ?? '');
    return c.body(null, 200);
  });
}
