import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from './sandbox-server.js';
import { control, followAuthorize, form } from './sandbox-testing.js';

let sandbox: RunningSandbox;
const redirectUri = 'http://localhost:5173/auth/google/callback';
const client: oauth.Client = { client_id: 'google-client' };
const clientAuth = oauth.ClientSecretPost('google-secret');
const insecure = { [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control(sandbox, '/reset', {});
});

async function discover() {
  const issuer = new URL(`${sandbox.url}/accounts.google.com`);
  const response = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...insecure });
  return oauth.processDiscoveryResponse(issuer, response);
}

async function signIn(as: oauth.AuthorizationServer, extra: Record<string, string> = {}, viaForm?: string) {
  const verifier = oauth.generateRandomCodeVerifier();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'g-state',
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  let callback: URL;
  if (viaForm) {
    const html = await (await fetch(url)).text();
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const res = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      ...form({ decision: 'approve', email: viaForm }),
    });
    callback = new URL(res.headers.get('location')!);
  } else {
    callback = await followAuthorize(url.toString());
  }
  const params = oauth.validateAuthResponse(as, client, callback, 'g-state');
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuth,
    params,
    redirectUri,
    verifier,
    insecure,
  );
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: nonce,
    requireIdToken: true,
  });
  return { result, claims: oauth.getValidatedIdTokenClaims(result)! };
}

describe('Google OpenID Connect sandbox', () => {
  it('publishes a discovery document whose endpoints point into the sandbox', async () => {
    const as = await discover();
    expect(as.issuer).toBe(`${sandbox.url}/accounts.google.com`);
    expect(as.authorization_endpoint).toBe(`${sandbox.url}/accounts.google.com/o/oauth2/v2/auth`);
    expect(as.token_endpoint).toBe(`${sandbox.url}/oauth2.googleapis.com/token`);
    expect(as.jwks_uri).toBe(`${sandbox.url}/www.googleapis.com/oauth2/v3/certs`);
    expect(as.userinfo_endpoint).toBe(`${sandbox.url}/openidconnect.googleapis.com/v1/userinfo`);
  });

  it('signs in as the default demo address with an id_token verifiable against the JWKS', async () => {
    const as = await discover();
    const { result, claims } = await signIn(as);
    expect(claims).toMatchObject({
      iss: as.issuer,
      aud: 'google-client',
      email: 'demo@postloom.test',
      email_verified: true,
    });
    const [header, payload, signature] = result.id_token!.split('.');
    const { kid, alg } = JSON.parse(Buffer.from(header!, 'base64url').toString());
    expect(alg).toBe('RS256');
    const jwks = await (await fetch(as.jwks_uri!)).json();
    const jwk = jwks.keys.find((k: { kid: string }) => k.kid === kid);
    const publicKey = crypto.createPublicKey({ key: jwk, format: 'jwk' });
    expect(
      crypto.verify(
        'sha256',
        Buffer.from(`${header}.${payload}`),
        publicKey,
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
    const tampered = Buffer.from(JSON.stringify({ ...claims, email: 'evil@example.com' })).toString(
      'base64url',
    );
    expect(
      crypto.verify(
        'sha256',
        Buffer.from(`${header}.${tampered}`),
        publicKey,
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(false);

    const info = await (
      await fetch(as.userinfo_endpoint!, { headers: { authorization: `Bearer ${result.access_token}` } })
    ).json();
    expect(info).toMatchObject({ sub: claims.sub, email: 'demo@postloom.test' });
  });

  it('signs in as the login_hint address, or the one typed on the consent page, with a stable sub', async () => {
    const as = await discover();
    const hinted = await signIn(as, { login_hint: 'alice@example.com' });
    expect(hinted.claims.email).toBe('alice@example.com');
    await control(sandbox, '/settings', { autoApprove: false });
    const typed = await signIn(as, {}, 'bob.smith@example.com');
    expect(typed.claims).toMatchObject({ email: 'bob.smith@example.com', name: 'Bob Smith' });
    const again = await signIn(as, {}, 'bob.smith@example.com');
    expect(again.claims.sub).toBe(typed.claims.sub);
    expect(again.claims.sub).not.toBe(hinted.claims.sub);
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const as = await discover();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email',
      state: 's',
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
    }).toString();
    const callback = await followAuthorize(url.toString());
    const res = await fetch(as.token_endpoint!, {
      method: 'POST',
      ...form({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: redirectUri,
        client_id: client.client_id,
        client_secret: 'google-secret',
        code_verifier: oauth.generateRandomCodeVerifier(),
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_grant');
  });
});
