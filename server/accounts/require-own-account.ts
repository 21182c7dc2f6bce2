import { AppError } from '../core/errors.js';
import type { Db } from '../db/database.js';
import type { SocialAccountRow } from '../db/schema.js';
import { findAccountRow } from './accounts.repository.js';

/**
 * The user's connected account for a filter or a setting, or 404 'Account not found': another
 * user's id answers exactly like one that never existed.
 */
export async function requireOwnAccount(
  db: Db,
  userId: string,
  accountId: string,
): Promise<SocialAccountRow> {
  const account = await findAccountRow(db, userId, accountId);
  if (!account) throw new AppError('not_found', 'Account not found');
  return account;
}
