import type { Context } from 'hono';
import { sha256Hex } from '../core/ids.js';
import { parseJsonColumn } from '../db/json-column.js';
import { clientAddress } from '../http/client-address.js';
import type { AppEnv } from '../http/types.js';
import { logSecurityEvent } from '../security-log/security-log.js';
import { findApiTokenByHash, markApiTokenUsed } from './api-tokens.repository.js';

// As for sessions: last use to the half minute is precise enough, and saves a write per request.
const TOUCH_EVERY_MS = 30_000;
/** Addresses remembered per token for "used from a new address"; the oldest is forgotten first. */
const MAX_KNOWN_ADDRESSES = 20;
/** API tokens never expire by use; this stands in for "no expiry" where a date is needed. */
const NEVER_MS = Date.UTC(9999, 0, 1);

/**
 * Authenticates `Authorization: Bearer pl_…`: sets `user`, `session` (kind 'token', never
 * refreshed) and `apiToken` (its id and scopes) when the token exists and has not expired.
 * A token used from an address it was never used from is recorded in the security log.
 */
export async function authenticateApiToken(c: Context<AppEnv>, token: string): Promise<void> {
  const { db } = c.var.deps;
  const row = await findApiTokenByHash(db, sha256Hex(token));
  const now = Date.now();
  if (!row || (row.expiresAt !== null && row.expiresAt <= now)) return;

  const ip = clientAddress(c);
  const known = parseJsonColumn<string[]>(row.knownAddresses, []);
  const isNewAddress = !known.includes(ip);
  if (isNewAddress || row.lastUsedAt === null || now - row.lastUsedAt > TOUCH_EVERY_MS) {
    const addresses = isNewAddress ? [...known, ip].slice(-MAX_KNOWN_ADDRESSES) : known;
    await markApiTokenUsed(db, row.tokenId, {
      lastUsedAt: now,
      ...(isNewAddress ? { knownAddresses: JSON.stringify(addresses) } : {}),
    });
  }
  if (isNewAddress) {
    await logSecurityEvent(
      db,
      {
        userId: row.userId,
        eventType: 'api_token_new_address',
        success: true,
        ipAddress: ip,
        userAgent: c.req.header('user-agent') ?? null,
      },
      now,
    );
  }
  c.set('apiToken', { id: row.tokenId, scopes: parseJsonColumn<string[]>(row.scopes, []) });
  c.set('session', {
    // Not a Lucia session: an id no session table lookup can ever match.
    id: `api-token:${row.tokenId}`,
    userId: row.userId,
    expiresAt: new Date(row.expiresAt ?? NEVER_MS),
    remember: true,
    kind: 'token',
    fresh: false,
  });
  c.set('user', {
    id: row.userId,
    email: row.email,
    emailConfirmedAt: row.emailConfirmedAt,
    timezone: row.timezone,
    language: row.language,
    timeFormat: row.timeFormat,
    setupComplete: row.setupComplete === 1,
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt,
  });
}
