import type { AccountDto } from '../../../shared/accounts/account';

/**
 * The accounts a right-click (page, image or selected text) opens the composer with: every
 * connected account that can post now (an account that needs reconnecting would only fail), so
 * the page goes to all of them as one group unless the user unticks some.
 */
export function defaultAccountIds(accounts: readonly AccountDto[]): string[] {
  return accounts.filter((account) => account.status === 'active').map((account) => account.id);
}
