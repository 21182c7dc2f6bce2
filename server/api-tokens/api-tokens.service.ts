import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiScope,
  type ApiTokenSummary,
  apiTokenExpiresAt,
  type CreateApiTokenInput,
  CreateApiTokenInput as CreateApiTokenSchema,
  type CreatedApiToken,
} from '../../shared/api-tokens/api-tokens.js';
import { AppError } from '../core/errors.js';
import { newId, randomToken, sha256Hex } from '../core/ids.js';
import type { Db } from '../db/database.js';
import { parseJsonColumn } from '../db/json-column.js';
import { logSecurityEvent } from '../security-log/security-log.js';
import {
  countApiTokens,
  deleteApiToken,
  deleteUserApiTokens,
  insertApiToken,
  selectApiTokens,
} from './api-tokens.repository.js';

/** Enough for every program a person runs; a bound so a stolen session cannot mint thousands. */
const MAX_TOKENS_PER_USER = 50;

export interface ClientInfo {
  ipAddress: string | null;
  userAgent: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * A new token for the user: `pl_` and 32 random bytes (base64url). Only its SHA-256 is stored,
 * so the answer is the one time the token exists outside the program that receives it.
 */
export async function createApiToken(
  db: Db,
  userId: string,
  input: CreateApiTokenInput,
  client: ClientInfo,
  now = Date.now(),
): Promise<CreatedApiToken> {
  const { name, scopes, expiresIn } = CreateApiTokenSchema.parse(input);
  if ((await countApiTokens(db, userId)) >= MAX_TOKENS_PER_USER) {
    throw new AppError('conflict', API_TOKEN_MESSAGES.tooMany);
  }
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const row = {
    id: newId(),
    userId,
    name,
    tokenHash: sha256Hex(token),
    hint: token.slice(-4),
    scopes: JSON.stringify(scopes),
    createdAt: now,
    expiresAt: apiTokenExpiresAt(expiresIn, now),
  };
  await insertApiToken(db, row);
  await logSecurityEvent(db, { userId, eventType: 'api_token_created', success: true, ...client }, now);
  return {
    id: row.id,
    name,
    scopes,
    hint: row.hint,
    createdAt: iso(now) as string,
    expiresAt: iso(row.expiresAt),
    lastUsedAt: null,
    token,
  };
}

export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenSummary[]> {
  const rows = await selectApiTokens(db, userId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scopes: parseJsonColumn<ApiScope[]>(row.scopes, []),
    hint: row.hint,
    createdAt: iso(row.createdAt) as string,
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
  }));
}

/** Revokes at once: the row goes, so the next request with the token is not authenticated. */
export async function revokeApiToken(db: Db, userId: string, tokenId: string, client: ClientInfo) {
  if (!(await deleteApiToken(db, userId, tokenId)))
    throw new AppError('not_found', API_TOKEN_MESSAGES.notFound);
  await logSecurityEvent(db, { userId, eventType: 'api_token_revoked', success: true, ...client });
}

/**
 * Ends every token of the user (after a password change or reset: a leaked token must not
 * outlive the credential that made it). Each ended token is one revocation in the security log.
 */
export async function revokeAllApiTokens(db: Db, userId: string, client: ClientInfo): Promise<number> {
  const ended = await deleteUserApiTokens(db, userId);
  for (let i = 0; i < ended; i++) {
    await logSecurityEvent(db, { userId, eventType: 'api_token_revoked', success: true, ...client });
  }
  return ended;
}
