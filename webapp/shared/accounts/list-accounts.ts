import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDto } from '../../../shared/accounts/account';
import { api } from '../../lib/api-client';

/** The query key of the user's accounts; 'accounts.changed' (SSE) and every mutation invalidate it. */
export const ACCOUNTS_KEY = ['accounts'] as const;

export async function listAccounts(): Promise<AccountDto[]> {
  const { accounts } = await api<{ accounts: AccountDto[] }>('/api/accounts');
  return accounts;
}

export function accountsQueryOptions() {
  return queryOptions({ queryKey: ACCOUNTS_KEY, queryFn: listAccounts, refetchOnWindowFocus: true });
}

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
