import crypto from 'node:crypto';
import { newId, randomToken, sha256Hex } from '../core/ids.js';
import type { Db } from '../db/database.js';

type EmailTokenPurpose = 'confirm' | 'reset';

const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60_000;
const RESET_TOKEN_TTL_MS = 60 * 60_000;

/**
 * Issues a single-use link token (and, for confirmation, an 8-digit code). Earlier unused
 * tokens of the same purpose stop working. Only SHA-256 hashes are stored.
 */
export async function issueEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  now = Date.now(),
): Promise<{ token: string; code: string | null; expiresAt: number }> {
  const token = randomToken(32);
  const code = purpose === 'confirm' ? crypto.randomInt(0, 100_000_000).toString().padStart(8, '0') : null;
  const expiresAt = now + (purpose === 'confirm' ? CONFIRM_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('emailTokens')
      .set({ usedAt: now })
      .where('userId', '=', userId)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .execute();
    await trx
      .insertInto('emailTokens')
      .values({
        id: newId(),
        userId,
        purpose,
        tokenHash: sha256Hex(token),
        codeHash: code ? sha256Hex(code) : null,
        expiresAt,
        usedAt: null,
        createdAt: now,
      })
      .execute();
  });
  return { token, code, expiresAt };
}

/**
 * Uses a token once: the row is claimed with `used_at IS NULL` in the UPDATE itself, so
 * two simultaneous uses cannot both succeed. Returns the user id, or null.
 */
export async function consumeEmailToken(
  db: Db,
  purpose: EmailTokenPurpose,
  match: { token: string } | { userId: string; code: string },
  now = Date.now(),
): Promise<string | null> {
  let query = db
    .selectFrom('emailTokens')
    .select(['id', 'userId'])
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now);
  query =
    'token' in match
      ? query.where('tokenHash', '=', sha256Hex(match.token))
      : query.where('userId', '=', match.userId).where('codeHash', '=', sha256Hex(match.code));
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const result = await db
    .updateTable('emailTokens')
    .set({ usedAt: now })
    .where('id', '=', row.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n ? row.userId : null;
}

/** The e-mail a still-valid link token belongs to, without using it up (for "Continue as ..."). */
export async function previewEmailToken(
  db: Db,
  purpose: EmailTokenPurpose,
  token: string,
  now = Date.now(),
): Promise<string | null> {
  const row = await db
    .selectFrom('emailTokens')
    .innerJoin('users', 'users.id', 'emailTokens.userId')
    .select('users.email')
    .where('emailTokens.purpose', '=', purpose)
    .where('emailTokens.usedAt', 'is', null)
    .where('emailTokens.expiresAt', '>', now)
    .where('emailTokens.tokenHash', '=', sha256Hex(token))
    .executeTakeFirst();
  return row?.email ?? null;
}
