import type { PlatformId } from '../../../shared/platforms/ids.js';
import type { Config } from '../../config.js';

/** What a token endpoint gave back, normalised. Lifetimes are in seconds; null = does not expire. */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string | null;
  expiresInSec?: number | null;
  refreshExpiresInSec?: number | null;
  /** Granted scopes, space separated. */
  scopes?: string | null;
  /** Platform facts returned with the token (TikTok open_id, Instagram user_id...). */
  extra?: Record<string, string>;
}

/** One account the token gives access to (Facebook: one per Page, each with its own token). */
export interface ConnectedProfile {
  platformAccountId: string;
  name: string;
  handle: string | null;
  avatarUrl: string | null;
  metadata: Record<string, unknown>;
  /** Replaces the user token for this account (Facebook Page tokens). */
  tokens?: TokenSet;
}

export interface OAuthContext {
  config: Config;
  /** `${APP_URL}<callback path>` registered in the platform's developer console. */
  redirectUri: string;
}

/**
 * One platform's connection flow. Every URL is built with platformUrl() so the sandbox (or
 * any server speaking the documented APIs) can stand in for the real hosts.
 */
export interface PlatformOAuth {
  id: PlatformId;
  /** PKCE S256 is sent with the authorize request and the code exchange. */
  usesPkce: boolean;
  /** How the returned state is checked (spec 01 section 5). */
  stateCheck: 'nonce' | 'equality';
  authorizeUrl(ctx: OAuthContext, params: { state: string; codeChallenge?: string }): string;
  /** Code -> tokens, including the long-lived exchange where the platform has one. */
  exchangeCode(ctx: OAuthContext, params: { code: string; codeVerifier?: string }): Promise<TokenSet>;
  fetchProfiles(ctx: OAuthContext, tokens: TokenSet): Promise<ConnectedProfile[]>;
  /** Absent when the platform has no refresh (Facebook Page tokens do not expire). */
  refresh?(
    ctx: OAuthContext,
    tokens: { accessToken: string; refreshToken: string | null },
  ): Promise<TokenSet>;
  /** Revokes the grant at the platform, where it has a revoke endpoint. */
  revoke?(ctx: OAuthContext, tokens: { accessToken: string; refreshToken: string | null }): Promise<void>;
}

/** A platform said no (bad code, consumed refresh token...): the grant is unusable. */
export class PlatformAuthError extends Error {
  /** True when retrying cannot help (4xx from the token endpoint); false for 5xx, 429, network. */
  readonly permanent: boolean;
  readonly status: number;
  constructor(message: string, options: { permanent: boolean; status?: number }) {
    super(message);
    this.name = 'PlatformAuthError';
    this.permanent = options.permanent;
    this.status = options.status ?? 0;
  }
}
