import { describe, expect, it } from 'vitest';
import type { AccountDto } from '../../../shared/accounts/account';
import { defaultAccountIds } from './default-accounts';

const account = (id: string, status: AccountDto['status']): AccountDto => ({
  id,
  platform: 'twitter',
  accountName: id,
  accountHandle: null,
  avatarUrl: null,
  status,
  isSandbox: true,
  expiresAt: null,
  lastError: null,
  createdAt: new Date().toISOString(),
});

describe('the accounts a right-click chooses', () => {
  it('chooses every account that can post, not one that needs reconnecting', () => {
    expect(
      defaultAccountIds([account('a', 'active'), account('b', 'needs_reconnect'), account('c', 'active')]),
    ).toEqual(['a', 'c']);
  });
});
