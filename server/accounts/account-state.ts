import type { PlatformId } from '../../shared/platforms/ids.js';
import type { Cipher } from '../core/crypto.js';
import { newId } from '../core/ids.js';
import { type Db, withTransaction } from '../db/database.js';
import type { SocialAccountRow, SocialAccountsTable } from '../db/schema.js';
import { sqlDialect } from '../db/sql-dialect.js';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.js';
import { parseMetadata, toAccountDto } from './accounts.repository.js';
import type { ConnectedProfile, TokenSet } from './platforms/platform-oauth.js';

/**
 * The one writer of social_accounts: the account's tokens and its state (`active`, or
 * `needs_reconnect` until the user reconnects it). Each write names the statuses it accepts and
 * changes nothing otherwise; the refresh logic around them is in account-tokens.ts.
 */
export type AccountStatus = SocialAccountRow['status'];

const ACCOUNT_TRANSITION_FROM = {
  /** Connecting again always makes the account usable. */
  upsertAccount: ['active', 'needs_reconnect'],
  storeRefreshedTokens: ['active', 'needs_reconnect'],
  recordRefreshError: ['active', 'needs_reconnect'],
  flagNeedsReconnect: ['active'],
  markExpiryWarned: ['active'],
} as const satisfies Record<string, readonly AccountStatus[]>;

const from = (transition: keyof typeof ACCOUNT_TRANSITION_FROM) => [...ACCOUNT_TRANSITION_FROM[transition]];
const applied = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

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
 * and clears a needs_reconnect status; it never duplicates the account. The insert goes first
 * and yields to the unique constraint, so two callbacks at once for one account never fail:
 * the second waits for the first (PostgreSQL), finds its row, and updates it.
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
  return withTransaction(db, async (trx) => {
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
    const inserted = await trx
      .insertInto('socialAccounts')
      .values(row)
      .onConflict((oc) => oc.columns(['userId', 'platform', 'platformAccountId']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return row;

    // Locked while its metadata is merged: a concurrent write cannot be lost in between.
    const existing = await sqlDialect(trx)
      .lockRows(
        trx
          .selectFrom('socialAccounts')
          .selectAll()
          .where('userId', '=', input.userId)
          .where('platform', '=', input.platform)
          .where('platformAccountId', '=', profile.platformAccountId),
      )
      .executeTakeFirstOrThrow();
    const metadata = { ...parseMetadata(existing), ...profile.metadata };
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
  });
}

/**
 * A refresh succeeded: the new access token and, for X and TikTok, the rotated refresh token are
 * stored in one statement (the old refresh token died the moment the platform answered).
 */
export async function storeRefreshedTokens(
  db: Db,
  cipher: Cipher,
  input: { accountId: string; tokens: TokenSet; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('socialAccounts')
    .set({
      ...tokenColumns(cipher, input.tokens, input.now),
      status: 'active',
      lastError: null,
      tokenRefreshedAt: input.now,
      updatedAt: input.now,
    })
    .where('id', '=', input.accountId)
    .where('status', 'in', from('storeRefreshedTokens'))
    .executeTakeFirst();
  return applied(result);
}

/** A refresh failed for a reason worth another try later: the reason is kept for the user. */
export async function recordRefreshError(
  db: Db,
  input: { accountId: string; message: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('socialAccounts')
    .set({ lastError: input.message, updatedAt: input.now })
    .where('id', '=', input.accountId)
    .where('status', 'in', from('recordRefreshError'))
    .executeTakeFirst();
  return applied(result);
}

/** `active` -> `needs_reconnect`; false when it was already (the user is told once). */
export async function flagNeedsReconnect(
  db: Db,
  input: { accountId: string; reason: string; now: number },
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('socialAccounts')
      .set({ status: 'needs_reconnect', lastError: input.reason, updatedAt: input.now })
      .where('id', '=', input.accountId)
      .where('status', 'in', from('flagNeedsReconnect'))
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    await enqueueWebhookEvent(trx, row.userId, 'account.disconnected', toAccountDto(row), input.now);
    return true;
  });
}

/** Remembers that the user was warned of the coming expiry (LinkedIn without a refresh token). */
export async function markExpiryWarned(
  db: Db,
  input: { accountId: string; metadata: Record<string, unknown>; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('socialAccounts')
    .set({ metadata: JSON.stringify({ ...input.metadata, expiryWarnedAt: input.now }), updatedAt: input.now })
    .where('id', '=', input.accountId)
    .where('status', 'in', from('markExpiryWarned'))
    .executeTakeFirst();
  return applied(result);
}

/** Deletes the user's account row (its posts were released first, in the same transaction). */
export async function deleteAccountRow(db: Db, userId: string, accountId: string): Promise<void> {
  await db.deleteFrom('socialAccounts').where('id', '=', accountId).where('userId', '=', userId).execute();
}
