import { describe, expect, it } from 'vitest';
import { accountLabel } from './account-label';

describe('account labels', () => {
  it('name the platform, the account and its handle', () => {
    expect(accountLabel({ platform: 'facebook', accountName: 'Bakery', accountHandle: null })).toBe(
      'Facebook: Bakery',
    );
    expect(accountLabel({ platform: 'instagram', accountName: 'Bakery', accountHandle: '@bakery' })).toBe(
      'Instagram: Bakery (@bakery)',
    );
  });
});
