import { platformCredentials, platformUrl } from '../../platforms/platform-endpoints.js';
import { fetchJson, toSeconds } from './http.js';
import { type OAuthContext, PlatformAuthError, type PlatformOAuth, type TokenSet } from './platform-oauth.js';

const SCOPES = [
  'threads_basic',
  'threads_content_publish',
  'threads_manage_replies',
  'threads_read_replies',
  'threads_manage_insights',
].join(',');

function endpoints(ctx: OAuthContext) {
  const url = (u: string) => platformUrl(ctx.config, 'threads', u);
  const credentials = platformCredentials(ctx.config, 'threads');
  if (!credentials)
    throw new PlatformAuthError('Threads is not available on this server', { permanent: true });
  return { url, credentials };
}

/**
 * Threads: short-lived token (1 h) traded for a 60-day one (th_exchange_token), refreshed with
 * th_refresh_token once it is a day old. The code exchange answers `{access_token, user_id}`
 * without token_type and the other two are GETs with the token in the query: plain fetch.
 */
export const threadsOAuth: PlatformOAuth = {
  id: 'threads',
  usesPkce: false,
  stateCheck: 'equality',
  authorizeUrl(ctx, { state }) {
    const { url, credentials } = endpoints(ctx);
    const authorize = new URL(url('https://threads.com/oauth/authorize'));
    authorize.searchParams.set('client_id', credentials.clientId);
    authorize.searchParams.set('redirect_uri', ctx.redirectUri);
    authorize.searchParams.set('scope', SCOPES);
    authorize.searchParams.set('response_type', 'code');
    authorize.searchParams.set('state', state);
    return authorize.toString();
  },
  async exchangeCode(ctx, { code }) {
    const { url, credentials } = endpoints(ctx);
    const short = await fetchJson<{ access_token?: string; user_id?: string | number }>(
      url('https://graph.threads.net/oauth/access_token'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          code,
          grant_type: 'authorization_code',
          redirect_uri: ctx.redirectUri,
        }),
      },
    );
    if (!short.access_token) throw new PlatformAuthError('Threads returned no token', { permanent: false });
    const exchange = new URL(url('https://graph.threads.net/access_token'));
    exchange.search = new URLSearchParams({
      grant_type: 'th_exchange_token',
      client_secret: credentials.clientSecret,
      access_token: short.access_token,
    }).toString();
    const long = await fetchJson<{ access_token?: string; expires_in?: number | string }>(
      exchange.toString(),
    );
    if (!long.access_token) throw new PlatformAuthError('Threads returned no token', { permanent: false });
    return {
      accessToken: long.access_token,
      expiresInSec: toSeconds(long.expires_in),
      scopes: SCOPES.split(',').join(' '),
      extra: short.user_id !== undefined ? { user_id: String(short.user_id) } : undefined,
    };
  },
  async fetchProfiles(ctx, tokens) {
    const { url } = endpoints(ctx);
    const me = await fetchJson<{
      id?: string;
      username?: string;
      name?: string;
      threads_profile_picture_url?: string;
    }>(url('https://graph.threads.net/v1.0/me?fields=id,username,name,threads_profile_picture_url'), {
      bearer: tokens.accessToken,
    });
    const id = me.id ?? tokens.extra?.user_id;
    if (!id) throw new PlatformAuthError('Threads returned no account', { permanent: false });
    return [
      {
        platformAccountId: String(id),
        name: me.name || me.username || 'Threads account',
        handle: me.username ?? null,
        avatarUrl: me.threads_profile_picture_url ?? null,
        metadata: { threadsUserId: String(id), username: me.username ?? null },
      },
    ];
  },
  async refresh(ctx, { accessToken }): Promise<TokenSet> {
    const { url } = endpoints(ctx);
    const refresh = new URL(url('https://graph.threads.net/refresh_access_token'));
    refresh.search = new URLSearchParams({
      grant_type: 'th_refresh_token',
      access_token: accessToken,
    }).toString();
    const body = await fetchJson<{ access_token?: string; expires_in?: number | string }>(refresh.toString());
    if (!body.access_token) throw new PlatformAuthError('Threads returned no token', { permanent: false });
    return { accessToken: body.access_token, expiresInSec: toSeconds(body.expires_in) };
  },
};
