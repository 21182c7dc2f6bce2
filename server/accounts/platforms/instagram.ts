import { platformCredentials, platformUrl } from '../../platforms/platform-endpoints.js';
import { fetchJson, normaliseScopes, toSeconds } from './http.js';
import { type OAuthContext, PlatformAuthError, type PlatformOAuth, type TokenSet } from './platform-oauth.js';

const SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_comments',
  'instagram_business_manage_insights',
].join(',');

function endpoints(ctx: OAuthContext) {
  const url = (u: string) => platformUrl(ctx.config, 'instagram', u);
  const credentials = platformCredentials(ctx.config, 'instagram');
  if (!credentials)
    throw new PlatformAuthError('Instagram is not available on this server', { permanent: true });
  return { url, credentials };
}

interface ShortLived {
  access_token?: string;
  user_id?: string | number;
  permissions?: string | string[];
  data?: Array<{ access_token?: string; user_id?: string | number; permissions?: string | string[] }>;
}

/**
 * Instagram API with Instagram Login: no Facebook Page needed, its own 60-day long-lived token
 * refreshed with ig_refresh_token. Its endpoints are not RFC 6749 shaped (the code exchange
 * answers without token_type, sometimes wrapped in `data`; the long-lived exchange and refresh
 * are GETs with the token in the query), so plain fetch is used throughout.
 */
export const instagramOAuth: PlatformOAuth = {
  id: 'instagram',
  usesPkce: false,
  stateCheck: 'nonce',
  authorizeUrl(ctx, { state }) {
    const { url, credentials } = endpoints(ctx);
    const authorize = new URL(url('https://www.instagram.com/oauth/authorize'));
    authorize.searchParams.set('client_id', credentials.clientId);
    authorize.searchParams.set('redirect_uri', ctx.redirectUri);
    authorize.searchParams.set('response_type', 'code');
    authorize.searchParams.set('scope', SCOPES);
    authorize.searchParams.set('state', state);
    return authorize.toString();
  },
  async exchangeCode(ctx, { code }) {
    const { url, credentials } = endpoints(ctx);
    const body = await fetchJson<ShortLived>(url('https://api.instagram.com/oauth/access_token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        grant_type: 'authorization_code',
        redirect_uri: ctx.redirectUri,
        code,
      }),
    });
    const short = body.data?.[0] ?? body;
    if (!short.access_token) throw new PlatformAuthError('Instagram returned no token', { permanent: false });
    const permissions = Array.isArray(short.permissions) ? short.permissions.join(',') : short.permissions;
    const exchange = new URL(url('https://graph.instagram.com/access_token'));
    exchange.search = new URLSearchParams({
      grant_type: 'ig_exchange_token',
      client_secret: credentials.clientSecret,
      access_token: short.access_token,
    }).toString();
    const long = await fetchJson<{ access_token?: string; expires_in?: number | string }>(
      exchange.toString(),
    );
    if (!long.access_token) throw new PlatformAuthError('Instagram returned no token', { permanent: false });
    return {
      accessToken: long.access_token,
      expiresInSec: toSeconds(long.expires_in),
      scopes: permissions ? normaliseScopes(permissions) : null,
      extra: short.user_id !== undefined ? { user_id: String(short.user_id) } : undefined,
    };
  },
  async fetchProfiles(ctx, tokens) {
    const { url } = endpoints(ctx);
    const me = await fetchJson<{
      id?: string;
      user_id?: string | number;
      username?: string;
      name?: string;
      profile_picture_url?: string;
    }>(url('https://graph.instagram.com/me?fields=user_id,username,name,profile_picture_url'), {
      bearer: tokens.accessToken,
    });
    const igUserId = String(me.user_id ?? me.id ?? tokens.extra?.user_id ?? '');
    if (!igUserId) throw new PlatformAuthError('Instagram returned no account', { permanent: false });
    return [
      {
        platformAccountId: igUserId,
        name: me.name || me.username || 'Instagram account',
        handle: me.username ?? null,
        avatarUrl: me.profile_picture_url ?? null,
        metadata: { igUserId, appScopedId: me.id ?? null, username: me.username ?? null, login: 'instagram' },
      },
    ];
  },
  async refresh(ctx, { accessToken }): Promise<TokenSet> {
    const { url } = endpoints(ctx);
    const refresh = new URL(url('https://graph.instagram.com/refresh_access_token'));
    refresh.search = new URLSearchParams({
      grant_type: 'ig_refresh_token',
      access_token: accessToken,
    }).toString();
    const body = await fetchJson<{ access_token?: string; expires_in?: number | string }>(refresh.toString());
    if (!body.access_token) throw new PlatformAuthError('Instagram returned no token', { permanent: false });
    return { accessToken: body.access_token, expiresInSec: toSeconds(body.expires_in) };
  },
};
