import type { AccountDto } from '../../shared/accounts/account.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { Db } from '../db/database.js';
import { parseJsonObject } from '../db/json-column.js';
import type { SocialAccountRow } from '../db/schema.js';

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
