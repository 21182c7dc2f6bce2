import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser, openTestDatabase } from '../../tests/support/test-database.js';
import { createCipher } from '../core/crypto.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import {
  type AccountStatus,
  flagNeedsReconnect,
  markExpiryWarned,
  recordRefreshError,
  storeRefreshedTokens,
} from './account-state.js';

const NOW = Date.now();
const cipher = createCipher(crypto.randomBytes(32));
let close: () => Promise<void>;
let db: Db;
let userId: string;

/** Every allowed (write, from-status) pair; the others are refused and change nothing. */
const WRITES: Record<string, { from: AccountStatus[]; run: (id: string) => Promise<boolean> }> = {
  storeRefreshedTokens: {
    from: ['active', 'needs_reconnect'],
    run: (accountId) =>
      storeRefreshedTokens(db, cipher, { accountId, tokens: { accessToken: 'new' }, now: NOW }),
  },
  recordRefreshError: {
    from: ['active', 'needs_reconnect'],
    run: (accountId) => recordRefreshError(db, { accountId, message: 'later', now: NOW }),
  },
  flagNeedsReconnect: {
    from: ['active'],
    run: (accountId) => flagNeedsReconnect(db, { accountId, reason: 'revoked', now: NOW }),
  },
  markExpiryWarned: {
    from: ['active'],
    run: (accountId) => markExpiryWarned(db, { accountId, metadata: {}, now: NOW }),
  },
};

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  userId = await insertTestUser(db, NOW);
});

afterAll(() => close());

async function insertAccount(status: AccountStatus): Promise<string> {
  const id = newId();
  await db
    .insertInto('socialAccounts')
    .values({
      id,
      userId,
      platform: 'linkedin',
      platformAccountId: id,
      accountName: 'Alice',
      accountHandle: null,
      avatarUrl: null,
      accessToken: cipher.encrypt('old'),
      refreshToken: null,
      expiresAt: NOW + 1000,
      refreshExpiresAt: null,
      scopes: null,
      status,
      lastError: null,
      isSandbox: 1,
      metadata: '{}',
      tokenRefreshedAt: NOW - 1000,
      createdAt: NOW - 1000,
      updatedAt: NOW - 1000,
    })
    .execute();
  return id;
}

const readAccount = (id: string) =>
  db.selectFrom('socialAccounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('account state writes', () => {
  for (const [name, { from, run }] of Object.entries(WRITES)) {
    for (const status of ['active', 'needs_reconnect'] as const) {
      const allowed = from.includes(status);
      it(`${allowed ? 'applies' : 'refuses'} ${name} from ${status}`, async () => {
        const id = await insertAccount(status);
        const before = await readAccount(id);
        expect(await run(id)).toBe(allowed);
        if (!allowed) expect(await readAccount(id)).toEqual(before);
        else expect(await readAccount(id)).not.toEqual(before);
      });
    }
  }
});
