import type { AccountDto } from '../../shared/accounts/account.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { Cipher } from '../core/crypto.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import { parseJsonObject } from '../db/json-column.js';
import type { SocialAccountRow, SocialAccountsTable } from '../db/schema.js';
import type { ConnectedProfile, TokenSet } from './platforms/platform-oauth.js';

export async function listAccountRows(db: Db, userId: string): Promise<SocialAccountRow[]> {
  return db
    .selectFrom('socialAccounts')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Owner-scoped: another user's id reads as missing. */
export async function findAccountRow(
  db: Db,
  userId: string,
  id: string,
): Promise<SocialAccountRow | undefined> {
  return db
    .selectFrom('socialAccounts')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** For background work that already holds a trusted account id (token refresh, publishing). */
export async function getAccountRowById(db: Db, id: string): Promise<SocialAccountRow | undefined> {
  return db.selectFrom('socialAccounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The token columns for a fresh token set; a missing refresh token never erases a stored one. */
export function tokenColumns(
  cipher: Cipher,
  tokens: TokenSet,
  now: number,
): Pick<SocialAccountsTable, 'accessToken' | 'expiresAt'> &
  Partial<Pick<SocialAccountsTable, 'refreshToken' | 'refreshExpiresAt' | 'scopes'>> {
  return {
    accessToken: cipher.encrypt(tokens.accessToken),
    expiresAt: tokens.expiresInSec ? now + tokens.expiresInSec * 1000 : null,
    ...(tokens.refreshToken
      ? {
          refreshToken: cipher.encrypt(tokens.refreshToken),
          refreshExpiresAt: tokens.refreshExpiresInSec ? now + tokens.refreshExpiresInSec * 1000 : null,
        }
      : {}),
    ...(tokens.scopes ? { scopes: tokens.scopes } : {}),
  };
}

/**
 * One row per (user, platform, platform account id): reconnecting updates tokens and profile
 * and clears a needs_reconnect status; it never duplicates the account.
 */
export async function upsertAccount(
  db: Db,
  cipher: Cipher,
  input: {
    userId: string;
    platform: PlatformId;
    profile: ConnectedProfile;
    tokens: TokenSet;
    isSandbox: boolean;
    now?: number;
  },
): Promise<SocialAccountRow> {
  const now = input.now ?? Date.now();
  const { profile } = input;
  const tokens = tokenColumns(cipher, input.tokens, now);
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('socialAccounts')
      .selectAll()
      .where('userId', '=', input.userId)
      .where('platform', '=', input.platform)
      .where('platformAccountId', '=', profile.platformAccountId)
      .executeTakeFirst();
    if (existing) {
      const metadata = { ...parseJsonObject(existing.metadata), ...profile.metadata };
      delete metadata.expiryWarnedAt;
      await trx
        .updateTable('socialAccounts')
        .set({
          accountName: profile.name,
          accountHandle: profile.handle,
          avatarUrl: profile.avatarUrl,
          ...tokens,
          status: 'active',
          lastError: null,
          isSandbox: input.isSandbox ? 1 : 0,
          metadata: JSON.stringify(metadata),
          tokenRefreshedAt: now,
          updatedAt: now,
        })
        .where('id', '=', existing.id)
        .execute();
      return (await trx
        .selectFrom('socialAccounts')
        .selectAll()
        .where('id', '=', existing.id)
        .executeTakeFirstOrThrow()) as SocialAccountRow;
    }
    const row: SocialAccountRow = {
      id: newId(),
      userId: input.userId,
      platform: input.platform,
      platformAccountId: profile.platformAccountId,
      accountName: profile.name,
      accountHandle: profile.handle,
      avatarUrl: profile.avatarUrl,
      refreshToken: null,
      refreshExpiresAt: null,
      scopes: null,
      ...tokens,
      status: 'active',
      lastError: null,
      isSandbox: input.isSandbox ? 1 : 0,
      metadata: JSON.stringify(profile.metadata),
      tokenRefreshedAt: now,
      createdAt: now,
      updatedAt: now,
    };
    await trx.insertInto('socialAccounts').values(row).execute();
    return row;
  });
}

export function parseMetadata(row: Pick<SocialAccountRow, 'metadata'>): Record<string, unknown> {
  return parseJsonObject(row.metadata);
}

/** The wire form: no token, no metadata internals. */
export function toAccountDto(row: SocialAccountRow): AccountDto {
  return {
    id: row.id,
    platform: row.platform as PlatformId,
    accountName: row.accountName,
    accountHandle: row.accountHandle,
    avatarUrl: row.avatarUrl,
    status: row.status,
    isSandbox: row.isSandbox === 1,
    expiresAt: row.expiresAt ? new Date(row.expiresAt).toISOString() : null,
    lastError: row.lastError,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
