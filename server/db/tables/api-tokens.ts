import type { Generated } from 'kysely';

/** Tables of the public API (issue 27); the Database interface in ../schema.ts lists every table. */

export interface ApiTokensTable {
  id: string;
  userId: string;
  name: string;
  /** SHA-256 (hex) of the token: the token itself is shown once and never stored. */
  tokenHash: string;
  hint: string;
  /** JSON array of scope names. */
  scopes: string;
  /** JSON array of the client addresses the token was used from (for "used from a new address"). */
  knownAddresses: Generated<string>;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  userId: string;
  /** The API token's id, or '' for the web app's session. */
  tokenId: string;
  idempotencyKey: string;
  /** `POST /api/posts`: a key reused on another operation is a different request. */
  operation: string;
  /** SHA-256 of the body, known once the first request's body was read. */
  requestHash: string | null;
  status: 'pending' | 'done';
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: number;
}
