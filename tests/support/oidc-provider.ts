import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OidcUser {
  sub: string;
  email: string;
  email_verified: boolean;
}

/** Ways the provider can misbehave, to prove the client refuses each. */
export interface OidcFaults {
  nonce?: string;
  audience?: string;
  issuer?: string;
  expiresInSeconds?: number;
}

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  scope: string;
}

export interface OidcProvider {
  issuer: string;
  /** The account the consent screen approves. */
  user: OidcUser;
  faults: OidcFaults;
  authorizeRequests: AuthorizeRequest[];
  close: () => Promise<void>;
}

/**
 * A small OpenID Connect provider for tests, on a free loopback port: discovery, an
 * authorize endpoint that approves at once, a token endpoint that checks the client secret
 * and the PKCE verifier, RS256-signed id_tokens and a JWKS.
 */
export async function startOidcProvider(options: {
  clientId: string;
  clientSecret: string;
}): Promise<OidcProvider> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = crypto.randomUUID();
  const codes = new Map<string, { request: AuthorizeRequest; user: OidcUser }>();
  const provider: OidcProvider = {
    issuer: '',
    user: { sub: 'google-sub-1', email: 'ada@example.com', email_verified: true },
    faults: {},
    authorizeRequests: [],
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function signIdToken(claims: Record<string, unknown>): string {
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = crypto
      .sign('sha256', Buffer.from(`${header}.${payload}`), privateKey)
      .toString('base64url');
    return `${header}.${payload}.${signature}`;
  }

  function json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  }

  async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
    let body = '';
    for await (const chunk of req) body += chunk;
    return new URLSearchParams(body);
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', provider.issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/authorize`,
        token_endpoint: `${provider.issuer}/token`,
        jwks_uri: `${provider.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') {
      return json(res, 200, {
        keys: [{ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }],
      });
    }
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      const request: AuthorizeRequest = {
        clientId: q.get('client_id') ?? '',
        redirectUri: q.get('redirect_uri') ?? '',
        state: q.get('state') ?? '',
        nonce: q.get('nonce') ?? '',
        codeChallenge: q.get('code_challenge') ?? '',
        codeChallengeMethod: q.get('code_challenge_method') ?? '',
        scope: q.get('scope') ?? '',
      };
      provider.authorizeRequests.push(request);
      if (request.clientId !== options.clientId || q.get('response_type') !== 'code') {
        return json(res, 400, { error: 'invalid_request' });
      }
      const code = crypto.randomBytes(16).toString('base64url');
      codes.set(code, { request, user: { ...provider.user } });
      const back = new URL(request.redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', request.state);
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = await readForm(req);
      const entry = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
        return json(res, 401, { error: 'invalid_client' });
      }
      if (!entry || form.get('grant_type') !== 'authorization_code')
        return json(res, 400, { error: 'invalid_grant' });
      const challenge = crypto
        .createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (entry.request.codeChallengeMethod !== 'S256' || challenge !== entry.request.codeChallenge) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      }
      if (form.get('redirect_uri') !== entry.request.redirectUri)
        return json(res, 400, { error: 'invalid_grant' });
      const now = Math.floor(Date.now() / 1000);
      const { faults } = provider;
      const idToken = signIdToken({
        iss: faults.issuer ?? provider.issuer,
        aud: faults.audience ?? options.clientId,
        sub: entry.user.sub,
        email: entry.user.email,
        email_verified: entry.user.email_verified,
        nonce: faults.nonce ?? entry.request.nonce,
        iat: now - 5,
        exp: now + (faults.expiresInSeconds ?? 3600),
      });
      return json(res, 200, {
        access_token: crypto.randomBytes(16).toString('base64url'),
        token_type: 'Bearer',
        expires_in: 3600,
        scope: entry.request.scope,
        id_token: idToken,
      });
    }
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  provider.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return provider;
}
