import type { Selectable } from 'kysely';

/** Tables of connected social accounts (accounts); the Database interface in ../schema.ts lists every table. */

export interface SocialAccountsTable {
  id: string;
  userId: string;
  platform: string;
  platformAccountId: string;
  accountName: string;
  accountHandle: string | null;
  avatarUrl: string | null;
  /** AES-256-GCM ciphertext. */
  accessToken: string;
  /** AES-256-GCM ciphertext. */
  refreshToken: string | null;
  expiresAt: number | null;
  refreshExpiresAt: number | null;
  scopes: string | null;
  status: 'active' | 'needs_reconnect';
  lastError: string | null;
  isSandbox: number;
  /** JSON: platform specifics (page id, author urn, user id for Instagram...). */
  metadata: string;
  tokenRefreshedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface OauthStatesTable {
  /** SHA-256 (hex) of the state value sent to the provider. */
  id: string;
  provider: string;
  userId: string | null;
  /** SHA-256 (hex) of the session the flow was started from. */
  sessionId: string | null;
  /** Encrypted PKCE verifier (AES-256-GCM), when the provider uses PKCE. */
  codeVerifier: string | null;
  nonce: string | null;
  redirectTo: string | null;
  data: string | null;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export type SocialAccountRow = Selectable<SocialAccountsTable>;
