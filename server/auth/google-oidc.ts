import * as oauth from 'oauth4webapi';
import type { Config } from '../config.js';
import { AppError } from '../core/errors.js';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server';
export const GOOGLE_PROVIDER = 'google';
// Spec 01 section 9: provider metadata (and its signing keys) are cached for 10 minutes.
const DISCOVERY_TTL_MS = 10 * 60_000;

const discoveryCache = new Map<string, { server: oauth.AuthorizationServer; fetchedAt: number }>();

export function isGoogleConfigured(config: Config): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

export function googleRedirectUri(config: Config): string {
  return `${config.APP_URL}/auth/callback`;
}

/** Plain http is only allowed for an issuer on this machine (test providers). */
export function httpOptions(config: Config): { [oauth.allowInsecureRequests]?: boolean } {
  const issuer = new URL(config.GOOGLE_ISSUER);
  const isLoopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  return isLoopback && issuer.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
}

export function googleClient(config: Config): { client: oauth.Client; clientAuth: oauth.ClientAuth } {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) {
    throw new AppError('not_configured', GOOGLE_NOT_CONFIGURED);
  }
  return {
    client: { client_id: config.GOOGLE_CLIENT_ID },
    clientAuth: oauth.ClientSecretPost(config.GOOGLE_CLIENT_SECRET),
  };
}

/** The provider's metadata from `${GOOGLE_ISSUER}/.well-known/openid-configuration`. */
export async function discoverGoogle(config: Config): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(config.GOOGLE_ISSUER);
  const cached = discoveryCache.get(issuer.href);
  if (cached && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached.server;
  try {
    const response = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...httpOptions(config) });
    const server = await oauth.processDiscoveryResponse(issuer, response);
    discoveryCache.set(issuer.href, { server, fetchedAt: Date.now() });
    return server;
  } catch {
    throw new AppError('oauth_error', 'Google sign-in is unavailable right now. Please try again.', {
      status: 502,
    });
  }
}
