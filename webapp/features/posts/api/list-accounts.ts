import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDto } from '../../../../shared/accounts/account';
import { api } from '../../../lib/api-client';

/** The connected accounts the composer can post to (kept fresh by 'accounts.changed'). */
export async function listComposerAccounts(): Promise<AccountDto[]> {
  const { accounts } = await api<{ accounts: AccountDto[] }>('/api/accounts');
  return accounts;
}

export function composerAccountsQueryOptions() {
  return queryOptions({ queryKey: ['accounts', 'composer'], queryFn: listComposerAccounts });
}

export function useComposerAccounts() {
  return useQuery(composerAccountsQueryOptions());
}
