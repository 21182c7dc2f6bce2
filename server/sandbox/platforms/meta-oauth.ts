import type { SandboxContext, SandboxContextC, SandboxPlatform, TokenRecord } from '../sandbox-types.js';
import { DAY_MS, type GraphParams, graphError, LONG_LIVED_SECONDS } from './meta-graph.js';

/**
 * Instagram Login and Threads share the long-lived token life cycle: a short-lived token (1 h)
 * is exchanged for a 60-day one, which can be refreshed once it is at least 24 hours old.
 */
export const SHORT_LIVED_SECONDS = 3600;

export function exchangeLongLived(
  c: SandboxContextC,
  ctx: SandboxContext,
  platform: SandboxPlatform,
  input: GraphParams,
  grantType: string,
): Response {
  const { params } = input;
  if (params.grant_type !== grantType) {
    return graphError(c, { code: 100, message: `Unsupported grant_type: expected ${grantType}` });
  }
  const short = ctx.checkAccessToken(platform, params.access_token);
  if (!short.ok) return invalidToken(c, ctx, short.reason);
  if (!params.client_secret || !ctx.checkClient(platform, short.token.clientId, params.client_secret)) {
    return graphError(c, { code: 101, message: 'Error validating client secret.' });
  }
  if (short.token.extra.lived === 'long') {
    return graphError(c, {
      code: 100,
      message: 'Only a short-lived access token can be exchanged for a long-lived one.',
    });
  }
  return longLivedAnswer(c, ctx, short.token);
}

export function refreshLongLived(
  c: SandboxContextC,
  ctx: SandboxContext,
  platform: SandboxPlatform,
  input: GraphParams,
  grantType: string,
): Response {
  const { params } = input;
  if (params.grant_type !== grantType) {
    return graphError(c, { code: 100, message: `Unsupported grant_type: expected ${grantType}` });
  }
  const current = ctx.checkAccessToken(platform, params.access_token);
  if (!current.ok) return invalidToken(c, ctx, current.reason);
  if (current.token.extra.lived !== 'long') {
    return graphError(c, { code: 100, message: 'Only a long-lived access token can be refreshed.' });
  }
  // Meta refuses to refresh a long-lived token until it is at least 24 hours old.
  if (ctx.now() - current.token.issuedAt < DAY_MS) {
    return graphError(c, {
      code: 100,
      message: 'The access token cannot be refreshed yet: a long-lived token must be at least 24 hours old.',
    });
  }
  return longLivedAnswer(c, ctx, current.token);
}

function longLivedAnswer(c: SandboxContextC, ctx: SandboxContext, from: TokenRecord): Response {
  const issued = ctx.issueTokens({
    platform: from.platform,
    clientId: from.clientId,
    accountId: from.accountId,
    scopes: from.scopes,
    accessTtlSec: LONG_LIVED_SECONDS,
    extra: { lived: 'long' },
  });
  return c.json({ access_token: issued.accessToken, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
}

function invalidToken(
  c: SandboxContextC,
  ctx: SandboxContext,
  reason: 'missing' | 'invalid' | 'expired',
): Response {
  if (reason === 'expired') {
    return graphError(c, {
      code: 190,
      subcode: 463,
      message: `Error validating access token: Session has expired. The current time is ${new Date(ctx.now()).toUTCString()}.`,
    });
  }
  return graphError(c, { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
}
