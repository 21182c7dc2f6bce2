import type { Db } from '../db/database.js';
import type { ApiTokensTable } from '../db/tables/api-tokens.js';

type NewApiToken = Omit<ApiTokensTable, 'knownAddresses' | 'lastUsedAt'>;

/** Every write to api_tokens goes through this module. */
export async function insertApiToken(db: Db, token: NewApiToken): Promise<void> {
  await db
    .insertInto('apiTokens')
    .values({ ...token, knownAddresses: '[]', lastUsedAt: null })
    .execute();
}

export async function countApiTokens(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('apiTokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function selectApiTokens(db: Db, userId: string) {
  return db
    .selectFrom('apiTokens')
    .select(['id', 'name', 'hint', 'scopes', 'createdAt', 'expiresAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** The token with this hash and its user, for authenticating a request. */
export async function findApiTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('apiTokens')
    .innerJoin('users', 'users.id', 'apiTokens.userId')
    .select([
      'apiTokens.id as tokenId',
      'apiTokens.scopes',
      'apiTokens.knownAddresses',
      'apiTokens.expiresAt',
      'apiTokens.lastUsedAt',
      'users.id as userId',
      'users.email',
      'users.emailConfirmedAt',
      'users.timezone',
      'users.language',
      'users.timeFormat',
      'users.setupComplete',
      'users.passwordHash',
      'users.createdAt',
    ])
    .where('apiTokens.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function markApiTokenUsed(
  db: Db,
  tokenId: string,
  update: { lastUsedAt: number; knownAddresses?: string },
): Promise<void> {
  await db.updateTable('apiTokens').set(update).where('id', '=', tokenId).execute();
}

/** Deletes one of the user's tokens; false when it is not theirs (or already gone). */
export async function deleteApiToken(db: Db, userId: string, tokenId: string): Promise<boolean> {
  const row = await db
    .deleteFrom('apiTokens')
    .where('userId', '=', userId)
    .where('id', '=', tokenId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes every token of the user; answers how many there were. */
export async function deleteUserApiTokens(db: Db, userId: string): Promise<number> {
  const rows = await db.deleteFrom('apiTokens').where('userId', '=', userId).returning('id').execute();
  return rows.length;
}
