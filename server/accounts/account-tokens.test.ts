import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCipher } from '../core/crypto.js';
import { tokenColumns } from './account-state.js';
import {
  isExpiringSoon,
  isRefreshDue,
  LONG_LIVED_REFRESH_AGE_MS,
  REFRESH_MARGIN_MS,
} from './account-tokens.js';

const cipher = createCipher(crypto.randomBytes(32));
const now = Date.UTC(2026, 10, 22, 12);

describe('token columns', () => {
  it('encrypts both tokens: the columns never hold the plaintext and decrypt back to it', () => {
    const columns = tokenColumns(
      cipher,
      {
        accessToken: 'access-123',
        refreshToken: 'refresh-456',
        expiresInSec: 7200,
        refreshExpiresInSec: 3600,
      },
      now,
    );
    expect(columns.accessToken).not.toContain('access-123');
    expect(columns.refreshToken).not.toContain('refresh-456');
    expect(cipher.decrypt(columns.accessToken)).toBe('access-123');
    expect(cipher.decrypt(columns.refreshToken ?? '')).toBe('refresh-456');
    expect(columns.expiresAt).toBe(now + 7_200_000);
    expect(columns.refreshExpiresAt).toBe(now + 3_600_000);
  });

  it('encrypts the same token differently each time (random IV)', () => {
    const a = tokenColumns(cipher, { accessToken: 'same' }, now).accessToken;
    const b = tokenColumns(cipher, { accessToken: 'same' }, now).accessToken;
    expect(a).not.toBe(b);
  });

  it('leaves the stored refresh token alone when a refresh returns none (never replaced by an empty one)', () => {
    const columns = tokenColumns(
      cipher,
      { accessToken: 'new-access', refreshToken: null, expiresInSec: 60 },
      now,
    );
    expect('refreshToken' in columns).toBe(false);
    expect('refreshExpiresAt' in columns).toBe(false);
  });

  it('writes the rotated refresh token with the new access token', () => {
    const columns = tokenColumns(cipher, { accessToken: 'a2', refreshToken: 'r2', expiresInSec: 7200 }, now);
    expect(cipher.decrypt(columns.refreshToken ?? '')).toBe('r2');
    expect(cipher.decrypt(columns.accessToken)).toBe('a2');
  });

  it('records a token without expiry (Facebook Page tokens) as null', () => {
    expect(tokenColumns(cipher, { accessToken: 'page', expiresInSec: null }, now).expiresAt).toBeNull();
  });
});

describe('when a token is due', () => {
  const base = {
    platform: 'twitter',
    expiresAt: now + 2 * 3_600_000,
    tokenRefreshedAt: now,
    createdAt: now,
    refreshToken: 'sealed',
    status: 'active' as const,
  };

  it('refreshes within 10 minutes of expiry, not before', () => {
    expect(isExpiringSoon({ expiresAt: now + REFRESH_MARGIN_MS }, now)).toBe(true);
    expect(isExpiringSoon({ expiresAt: now + REFRESH_MARGIN_MS + 1 }, now)).toBe(false);
    expect(isExpiringSoon({ expiresAt: null }, now)).toBe(false);
    expect(isRefreshDue({ ...base, expiresAt: now - 1 }, now)).toBe(true);
    expect(isRefreshDue(base, now)).toBe(false);
  });

  it('refreshes Instagram and Threads long-lived tokens once older than 24 hours', () => {
    const longLived = { ...base, platform: 'instagram', expiresAt: now + 50 * 86_400_000 };
    expect(isRefreshDue({ ...longLived, tokenRefreshedAt: now - LONG_LIVED_REFRESH_AGE_MS + 1 }, now)).toBe(
      false,
    );
    expect(isRefreshDue({ ...longLived, tokenRefreshedAt: now - LONG_LIVED_REFRESH_AGE_MS }, now)).toBe(true);
    expect(
      isRefreshDue({ ...longLived, platform: 'threads', tokenRefreshedAt: now - 2 * 86_400_000 }, now),
    ).toBe(true);
  });

  it('never refreshes Facebook Page tokens, LinkedIn tokens without a refresh token, or accounts needing reconnect', () => {
    expect(isRefreshDue({ ...base, platform: 'facebook', expiresAt: null, tokenRefreshedAt: 0 }, now)).toBe(
      false,
    );
    expect(isRefreshDue({ ...base, platform: 'linkedin', refreshToken: null, expiresAt: now - 1 }, now)).toBe(
      false,
    );
    expect(isRefreshDue({ ...base, status: 'needs_reconnect', expiresAt: now - 1 }, now)).toBe(false);
  });
});
