import crypto from 'node:crypto';
import type { SandboxContext, SandboxContextC, SandboxPlatformModule } from '../sandbox-types.js';
import { errorPage } from './shared.js';

export const GOOGLE_DEFAULT_EMAIL = 'demo@postloom.test';
const ACCESS_TTL_SEC = 3599;
const ID_TOKEN_TTL_SEC = 3600;
const CODE_TTL_MS = 10 * 60 * 1000;

let signingKey: { privateKey: crypto.KeyObject; jwk: crypto.JsonWebKey & { kid: string } } | undefined;

/** One RSA key per process, made on first use; published at the JWKS endpoint. */
function key() {
  if (!signingKey) {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = crypto
      .createHash('sha256')
      .update(publicKey.export({ type: 'spki', format: 'der' }))
      .digest('hex')
      .slice(0, 40);
    signingKey = { privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid } };
  }
  return signingKey;
}

function signJwt(payload: Record<string, unknown>): string {
  const { privateKey, jwk } = key();
  const header = { alg: 'RS256', kid: jwk.kid, typ: 'JWT' };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  const signature = crypto.sign('sha256', Buffer.from(input), privateKey).toString('base64url');
  return `${input}.${signature}`;
}

/** A stable numeric `sub` per e-mail address, like Google's 21-digit ids. */
export function googleSubject(email: string): string {
  const digest = crypto.createHash('sha256').update(email.toLowerCase()).digest();
  return `1${(digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, '0')}`;
}

function profileOf(email: string) {
  const local = email.split('@')[0] ?? 'user';
  const words = local.split(/[._-]+/).filter(Boolean);
  const name =
    email.toLowerCase() === GOOGLE_DEFAULT_EMAIL
      ? 'Demo User'
      : words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ') || 'User';
  const [given, ...family] = name.split(' ');
  return { name, given_name: given ?? name, family_name: family.join(' ') };
}

function issuer(c: SandboxContextC, ctx: SandboxContext) {
  return `${ctx.baseUrl(c)}/accounts.google.com`;
}

function oauthError(c: SandboxContextC, status: 400 | 401, error: string, description: string) {
  return c.json({ error, error_description: description }, status);
}

export const googleModule: SandboxPlatformModule = {
  platform: 'google',
  hosts: [
    'accounts.google.com',
    'oauth2.googleapis.com',
    'www.googleapis.com',
    'openidconnect.googleapis.com',
  ],
  register(app, ctx) {
    app.get('/accounts.google.com/.well-known/openid-configuration', (c) => {
      const base = ctx.baseUrl(c);
      return c.json({
        issuer: issuer(c, ctx),
        authorization_endpoint: `${base}/accounts.google.com/o/oauth2/v2/auth`,
        device_authorization_endpoint: `${base}/oauth2.googleapis.com/device/code`,
        token_endpoint: `${base}/oauth2.googleapis.com/token`,
        userinfo_endpoint: `${base}/openidconnect.googleapis.com/v1/userinfo`,
        revocation_endpoint: `${base}/oauth2.googleapis.com/revoke`,
        jwks_uri: `${base}/www.googleapis.com/oauth2/v3/certs`,
        response_types_supported: ['code', 'token', 'id_token', 'code token', 'code id_token', 'none'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        claims_supported: [
          'aud',
          'email',
          'email_verified',
          'exp',
          'family_name',
          'given_name',
          'iat',
          'iss',
          'name',
          'picture',
          'sub',
          'nonce',
        ],
        code_challenge_methods_supported: ['plain', 'S256'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
      });
    });

    app.get('/www.googleapis.com/oauth2/v3/certs', (c) =>
      c.json({ keys: [{ ...key().jwk, alg: 'RS256', use: 'sig' }] }),
    );

    app.get('/accounts.google.com/o/oauth2/v2/auth', (c) => {
      const q = c.req.query();
      if (!q.client_id || !q.redirect_uri || q.response_type !== 'code') {
        return errorPage(
          c,
          'Google',
          'Error 400: invalid_request. client_id, redirect_uri and response_type=code are required.',
        );
      }
      const scopes = (q.scope ?? '').split(/[\s+]+/).filter(Boolean);
      if (!scopes.includes('openid'))
        return errorPage(c, 'Google', 'Error 400: invalid_scope. The openid scope is required.');
      const defaultEmail = q.login_hint?.includes('@') ? q.login_hint : GOOGLE_DEFAULT_EMAIL;
      return ctx.consent(c, {
        platform: 'google',
        platformName: 'Google',
        clientId: q.client_id,
        redirectUri: q.redirect_uri,
        state: q.state,
        scopes,
        identity: {
          id: googleSubject(defaultEmail),
          name: profileOf(defaultEmail).name,
          email: defaultEmail,
          avatarUrl: ctx.avatarUrl(c, 'google'),
        },
        emailInput: { defaultEmail },
        approve: ({ email }) => {
          const address = (email ?? defaultEmail).trim().toLowerCase();
          return ctx.issueCode({
            platform: 'google',
            clientId: q.client_id!,
            redirectUri: q.redirect_uri!,
            scopes,
            accountId: googleSubject(address),
            codeChallenge: q.code_challenge,
            codeChallengeMethod: q.code_challenge_method,
            nonce: q.nonce,
            ttlMs: CODE_TTL_MS,
            extra: { email: address, offline: q.access_type === 'offline' ? '1' : '' },
          });
        },
      });
    });

    app.post('/oauth2.googleapis.com/token', async (c) => {
      const params = await ctx.readParams(c);
      const basic = ctx.basicAuth(c);
      const clientId = basic?.clientId ?? params.client_id;
      const secret = basic?.clientSecret ?? params.client_secret;
      if (!clientId || !secret || !ctx.checkClient('google', clientId, secret)) {
        return oauthError(c, 401, 'invalid_client', 'The OAuth client was not found.');
      }
      let accountId: string;
      let scopes: string[];
      let extra: Record<string, string>;
      let nonce: string | undefined;
      let refreshToken: string | undefined;
      if (params.grant_type === 'authorization_code') {
        const result = ctx.consumeCode('google', params.code ?? '', clientId, params.redirect_uri);
        if (!result.ok) return oauthError(c, 400, 'invalid_grant', 'Bad Request');
        if (!ctx.verifyPkce(result.code, params.code_verifier)) {
          return oauthError(c, 400, 'invalid_grant', 'Invalid code verifier.');
        }
        ({ accountId, scopes, extra, nonce } = result.code);
      } else if (params.grant_type === 'refresh_token') {
        // Google refresh tokens do not rotate: look it up without consuming it.
        const record = ctx.state.tokens.get(params.refresh_token ?? '');
        if (
          record?.kind !== 'refresh' ||
          record.platform !== 'google' ||
          record.revoked ||
          record.clientId !== clientId
        ) {
          return oauthError(c, 400, 'invalid_grant', 'Token has been expired or revoked.');
        }
        ({ accountId, scopes, extra } = record);
        refreshToken = record.token;
      } else {
        return oauthError(c, 400, 'unsupported_grant_type', `Invalid grant_type: ${params.grant_type ?? ''}`);
      }
      const tokens = ctx.issueTokens({
        platform: 'google',
        clientId,
        accountId,
        scopes,
        accessTtlSec: ACCESS_TTL_SEC,
        refreshTtlSec: !refreshToken && extra.offline ? null : undefined,
        extra,
      });
      const email = extra.email ?? GOOGLE_DEFAULT_EMAIL;
      // id_token times use the real clock: relying parties check them against their own clocks.
      const iat = Math.floor(Date.now() / 1000);
      const atHash = crypto
        .createHash('sha256')
        .update(tokens.accessToken)
        .digest()
        .subarray(0, 16)
        .toString('base64url');
      const idToken = signJwt({
        iss: issuer(c, ctx),
        azp: clientId,
        aud: clientId,
        sub: accountId,
        email,
        email_verified: true,
        at_hash: atHash,
        ...profileOf(email),
        picture: ctx.avatarUrl(c, 'google'),
        ...(nonce ? { nonce } : {}),
        iat,
        exp: iat + ID_TOKEN_TTL_SEC,
      });
      return c.json({
        access_token: tokens.accessToken,
        expires_in: ACCESS_TTL_SEC,
        scope: scopes.join(' '),
        token_type: 'Bearer',
        id_token: idToken,
        ...(tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
      });
    });

    const userinfo = (c: SandboxContextC) => {
      const auth = ctx.authenticate(c, 'google');
      if (!auth.ok) {
        c.header('www-authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
        return oauthError(c, 401, 'invalid_request', 'Invalid Credentials');
      }
      const email = auth.token.extra.email ?? GOOGLE_DEFAULT_EMAIL;
      return c.json({
        sub: auth.token.accountId,
        ...profileOf(email),
        picture: ctx.avatarUrl(c, 'google'),
        email,
        email_verified: true,
      });
    };
    app.get('/openidconnect.googleapis.com/v1/userinfo', userinfo);
    app.get('/www.googleapis.com/oauth2/v3/userinfo', userinfo);

    app.post('/oauth2.googleapis.com/revoke', async (c) => {
      const params = await ctx.readParams(c);
      if (!ctx.revokeToken('google', params.token ?? '')) {
        return oauthError(c, 400, 'invalid_token', 'Token expired or revoked');
      }
      return c.json({});
    });
  },
};
