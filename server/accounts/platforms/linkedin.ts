import * as oauth from 'oauth4webapi';
import { platformCredentials, platformUrl } from '../../platforms/platform-endpoints.js';
import { exchangeAuthorizationCode, fetchJson, requestOptions, runOauth, toTokenSet } from './http.js';
import { type OAuthContext, PlatformAuthError, type PlatformOAuth, type TokenSet } from './platform-oauth.js';

const SCOPES = 'openid profile email w_member_social';
/** Reading a member's post numbers (analytics): restricted, asked for only when the app has it. */
const ANALYTICS_SCOPE = 'r_member_social';

function endpoints(ctx: OAuthContext) {
  const url = (u: string) => platformUrl(ctx.config, 'linkedin', u);
  const credentials = platformCredentials(ctx.config, 'linkedin');
  if (!credentials)
    throw new PlatformAuthError('LinkedIn is not available on this server', { permanent: true });
  const as: oauth.AuthorizationServer = {
    issuer: 'https://www.linkedin.com/oauth',
    authorization_endpoint: url('https://www.linkedin.com/oauth/v2/authorization'),
    token_endpoint: url('https://www.linkedin.com/oauth/v2/accessToken'),
  };
  const client: oauth.Client = { client_id: credentials.clientId };
  // LinkedIn does not accept HTTP Basic client authentication: credentials go in the body.
  const auth = oauth.ClientSecretPost(credentials.clientSecret);
  return { as, client, auth, url, credentials };
}

/**
 * The id_token of the openid scope is not needed (the profile comes from /v2/userinfo) and its
 * issuer differs between LinkedIn and stand-ins, so it is dropped before oauth4webapi reads the body.
 */
async function withoutIdToken(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const body = (await response.json()) as Record<string, unknown>;
  delete body.id_token;
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}

/** LinkedIn: authorization code without PKCE; 60-day tokens; refresh only for approved partners. */
export const linkedinOAuth: PlatformOAuth = {
  id: 'linkedin',
  usesPkce: false,
  stateCheck: 'equality',
  authorizeUrl(ctx, { state }) {
    const { as, credentials } = endpoints(ctx);
    const url = new URL(as.authorization_endpoint as string);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', credentials.clientId);
    url.searchParams.set('redirect_uri', ctx.redirectUri);
    url.searchParams.set(
      'scope',
      ctx.config.LINKEDIN_MEMBER_ANALYTICS ? `${SCOPES} ${ANALYTICS_SCOPE}` : SCOPES,
    );
    url.searchParams.set('state', state);
    return url.toString();
  },
  async exchangeCode(ctx, { code }) {
    return exchangeAuthorizationCode(endpoints(ctx), {
      code,
      redirectUri: ctx.redirectUri,
      codeVerifier: oauth.nopkce,
      prepare: withoutIdToken,
    });
  },
  async fetchProfiles(ctx, tokens) {
    const { url } = endpoints(ctx);
    const user = await fetchJson<{ sub?: string; name?: string; picture?: string; email?: string }>(
      url('https://api.linkedin.com/v2/userinfo'),
      { bearer: tokens.accessToken },
    );
    if (!user.sub) throw new PlatformAuthError('LinkedIn returned no member', { permanent: false });
    return [
      {
        platformAccountId: user.sub,
        name: user.name || user.email || 'LinkedIn member',
        handle: null,
        avatarUrl: user.picture ?? null,
        metadata: { authorUrn: `urn:li:person:${user.sub}`, sub: user.sub },
      },
    ];
  },
  async refresh(ctx, { refreshToken }): Promise<TokenSet> {
    if (!refreshToken) throw new PlatformAuthError('LinkedIn gave no refresh token', { permanent: true });
    const { as, client, auth } = endpoints(ctx);
    return runOauth(async () => {
      const response = await oauth.refreshTokenGrantRequest(
        as,
        client,
        auth,
        refreshToken,
        requestOptions(as.token_endpoint as string),
      );
      return toTokenSet(await oauth.processRefreshTokenResponse(as, client, await withoutIdToken(response)));
    });
  },
};
