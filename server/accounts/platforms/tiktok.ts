import * as oauth from 'oauth4webapi';
import { platformCredentials, platformUrl } from '../../platforms/platform-endpoints.js';
import { exchangeAuthorizationCode, fetchJson, requestOptions, runOauth, toTokenSet } from './http.js';
import { type OAuthContext, PlatformAuthError, type PlatformOAuth } from './platform-oauth.js';

const SCOPES = 'user.info.basic,user.info.profile,video.publish,video.upload';

function endpoints(ctx: OAuthContext) {
  const url = (u: string) => platformUrl(ctx.config, 'tiktok', u);
  const credentials = platformCredentials(ctx.config, 'tiktok');
  if (!credentials)
    throw new PlatformAuthError('TikTok is not available on this server', { permanent: true });
  const as: oauth.AuthorizationServer = {
    issuer: 'https://www.tiktok.com',
    authorization_endpoint: url('https://www.tiktok.com/v2/auth/authorize/'),
    token_endpoint: url('https://open.tiktokapis.com/v2/oauth/token/'),
    revocation_endpoint: url('https://open.tiktokapis.com/v2/oauth/revoke/'),
  };
  const client: oauth.Client = { client_id: credentials.clientId };
  // TikTok names the client id `client_key` (not client_id); the secret goes in the body.
  const auth: oauth.ClientAuth = (_as, _client, body) => {
    body.set('client_key', credentials.clientId);
    body.set('client_secret', credentials.clientSecret);
  };
  return { as, client, auth, url, credentials };
}

/** TikTok Login Kit v2: PKCE S256, 2-hour access tokens, rotating refresh tokens (180 days). */
export const tiktokOAuth: PlatformOAuth = {
  id: 'tiktok',
  usesPkce: true,
  stateCheck: 'equality',
  authorizeUrl(ctx, { state, codeChallenge }) {
    const { as, credentials } = endpoints(ctx);
    const url = new URL(as.authorization_endpoint as string);
    url.searchParams.set('client_key', credentials.clientId);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', SCOPES);
    url.searchParams.set('redirect_uri', ctx.redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', codeChallenge ?? '');
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  },
  async exchangeCode(ctx, { code, codeVerifier }) {
    return exchangeAuthorizationCode(endpoints(ctx), {
      code,
      redirectUri: ctx.redirectUri,
      codeVerifier: codeVerifier ?? '',
    });
  },
  async fetchProfiles(ctx, tokens) {
    const { url } = endpoints(ctx);
    const body = await fetchJson<{
      data?: { user?: { open_id?: string; avatar_url?: string; display_name?: string; username?: string } };
    }>(url('https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_url,display_name,username'), {
      bearer: tokens.accessToken,
    });
    const user = body.data?.user;
    const openId = user?.open_id ?? tokens.extra?.open_id;
    if (!openId) throw new PlatformAuthError('TikTok returned no user', { permanent: false });
    return [
      {
        platformAccountId: openId,
        name: user?.display_name || user?.username || 'TikTok user',
        handle: user?.username ?? null,
        avatarUrl: user?.avatar_url ?? null,
        metadata: { openId, username: user?.username ?? null },
      },
    ];
  },
  async refresh(ctx, { refreshToken }) {
    if (!refreshToken) throw new PlatformAuthError('No refresh token', { permanent: true });
    const { as, client, auth } = endpoints(ctx);
    return runOauth(async () => {
      const response = await oauth.refreshTokenGrantRequest(
        as,
        client,
        auth,
        refreshToken,
        requestOptions(as.token_endpoint as string),
      );
      return toTokenSet(await oauth.processRefreshTokenResponse(as, client, response));
    });
  },
  async revoke(ctx, { accessToken }) {
    const { as, credentials } = endpoints(ctx);
    // Plain fetch: TikTok's revoke takes client_key (not client_id) and answers in its own envelope.
    await fetchJson(as.revocation_endpoint as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_key: credentials.clientId,
        client_secret: credentials.clientSecret,
        token: accessToken,
      }),
    });
  },
};
