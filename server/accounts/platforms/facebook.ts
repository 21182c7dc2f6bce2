import { platformCredentials, platformUrl } from '../../platforms/platform-endpoints.js';
import { fetchJson, toSeconds } from './http.js';
import { type OAuthContext, PlatformAuthError, type PlatformOAuth } from './platform-oauth.js';

export const GRAPH_VERSION = 'v25.0';
const SCOPES = [
  'pages_show_list',
  'pages_manage_posts',
  'pages_read_engagement',
  'pages_manage_engagement',
  'read_insights',
  'business_management',
].join(',');

function endpoints(ctx: OAuthContext) {
  const url = (u: string) => platformUrl(ctx.config, 'facebook', u);
  const credentials = platformCredentials(ctx.config, 'facebook');
  if (!credentials)
    throw new PlatformAuthError('Facebook is not available on this server', { permanent: true });
  const graph = (path: string) => url(`https://graph.facebook.com/${GRAPH_VERSION}${path}`);
  return { url, graph, credentials };
}

interface GraphPage {
  id: string;
  name: string;
  username?: string;
  access_token?: string;
  category?: string;
  tasks?: string[];
  picture?: { data?: { url?: string } };
}

/** The Pages the (long-lived) user token manages, each with its own Page token. */
async function listFacebookPages(ctx: OAuthContext, userToken: string): Promise<GraphPage[]> {
  const { graph } = endpoints(ctx);
  const body = await fetchJson<{ data?: GraphPage[] }>(
    graph('/me/accounts?fields=id,name,username,access_token,category,tasks,picture.type(large)&limit=100'),
    { bearer: userToken },
  );
  return (body.data ?? []).filter((page) => page.id && page.access_token);
}

/**
 * Facebook Login for Pages. The token endpoint is a GET with query parameters (Graph's own
 * form, not RFC 6749's POST), so it is called with plain fetch rather than oauth4webapi.
 */
export const facebookOAuth: PlatformOAuth = {
  id: 'facebook',
  usesPkce: false,
  stateCheck: 'nonce',
  authorizeUrl(ctx, { state }) {
    const { url, credentials } = endpoints(ctx);
    const authorize = new URL(url(`https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`));
    authorize.searchParams.set('client_id', credentials.clientId);
    authorize.searchParams.set('redirect_uri', ctx.redirectUri);
    authorize.searchParams.set('state', state);
    authorize.searchParams.set('scope', SCOPES);
    authorize.searchParams.set('response_type', 'code');
    return authorize.toString();
  },
  async exchangeCode(ctx, { code }) {
    const { graph, credentials } = endpoints(ctx);
    const short = new URL(graph('/oauth/access_token'));
    short.search = new URLSearchParams({
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      redirect_uri: ctx.redirectUri,
      code,
    }).toString();
    const shortToken = await fetchJson<{ access_token?: string }>(short.toString());
    if (!shortToken.access_token)
      throw new PlatformAuthError('Facebook returned no token', { permanent: false });
    // A Page token derived from a long-lived user token does not expire; from a short one it does.
    const long = new URL(graph('/oauth/access_token'));
    long.search = new URLSearchParams({
      grant_type: 'fb_exchange_token',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      fb_exchange_token: shortToken.access_token,
    }).toString();
    const longToken = await fetchJson<{ access_token?: string; expires_in?: number | string }>(
      long.toString(),
    );
    if (!longToken.access_token)
      throw new PlatformAuthError('Facebook returned no token', { permanent: false });
    return { accessToken: longToken.access_token, expiresInSec: toSeconds(longToken.expires_in) };
  },
  async fetchProfiles(ctx, tokens) {
    const pages = await listFacebookPages(ctx, tokens.accessToken);
    return pages.map((page) => ({
      platformAccountId: page.id,
      name: page.name,
      handle: page.username ?? null,
      avatarUrl: page.picture?.data?.url ?? null,
      metadata: { pageId: page.id, category: page.category ?? null, tasks: page.tasks ?? [] },
      tokens: { accessToken: page.access_token as string, expiresInSec: null, scopes: tokens.scopes ?? null },
    }));
  },
};
