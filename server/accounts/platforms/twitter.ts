import * as oauth from 'oauth4webapi';
import { platformCredentials, platformUrl } from '../../platforms/platform-endpoints.js';
import { exchangeAuthorizationCode, fetchJson, requestOptions, runOauth, toTokenSet } from './http.js';
import { type OAuthContext, PlatformAuthError, type PlatformOAuth } from './platform-oauth.js';

const SCOPES = 'tweet.read tweet.write users.read offline.access media.write';

function endpoints(ctx: OAuthContext) {
  const url = (u: string) => platformUrl(ctx.config, 'twitter', u);
  const credentials = platformCredentials(ctx.config, 'twitter');
  if (!credentials) throw new PlatformAuthError('X is not available on this server', { permanent: true });
  const as: oauth.AuthorizationServer = {
    issuer: 'https://x.com',
    authorization_endpoint: url('https://x.com/i/oauth2/authorize'),
    token_endpoint: url('https://api.x.com/2/oauth2/token'),
    revocation_endpoint: url('https://api.x.com/2/oauth2/revoke'),
  };
  const client: oauth.Client = { client_id: credentials.clientId };
  // "Web App" clients are confidential at X: HTTP Basic with the client secret.
  const auth = oauth.ClientSecretBasic(credentials.clientSecret);
  return { as, client, auth, url, credentials };
}

/** X OAuth 2.0 with PKCE (required); refresh tokens rotate and are single use. */
export const twitterOAuth: PlatformOAuth = {
  id: 'twitter',
  usesPkce: true,
  stateCheck: 'equality',
  authorizeUrl(ctx, { state, codeChallenge }) {
    const { as, credentials } = endpoints(ctx);
    const url = new URL(as.authorization_endpoint as string);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', credentials.clientId);
    url.searchParams.set('redirect_uri', ctx.redirectUri);
    url.searchParams.set('scope', SCOPES);
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
      data?: { id: string; name: string; username: string; profile_image_url?: string };
    }>(url('https://api.x.com/2/users/me?user.fields=profile_image_url,username,name'), {
      bearer: tokens.accessToken,
    });
    const user = body.data;
    if (!user?.id) throw new PlatformAuthError('X returned no user', { permanent: false });
    return [
      {
        platformAccountId: user.id,
        name: user.name || user.username,
        handle: user.username ?? null,
        avatarUrl: user.profile_image_url ?? null,
        metadata: { userId: user.id, username: user.username },
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
  async revoke(ctx, { accessToken, refreshToken }) {
    const { as, client, auth } = endpoints(ctx);
    // Revoking the refresh token ends the whole grant; the access token is revoked too for good measure.
    for (const token of [refreshToken, accessToken]) {
      if (!token) continue;
      await runOauth(async () => {
        const response = await oauth.revocationRequest(
          as,
          client,
          auth,
          token,
          requestOptions(as.revocation_endpoint as string),
        );
        await oauth.processRevocationResponse(response);
      });
    }
  },
};
