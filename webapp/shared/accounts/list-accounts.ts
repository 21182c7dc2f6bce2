import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDto } from '../../../shared/accounts/account';
import { api } from '../../lib/api-client';
import { accountKeys } from '../../lib/query-keys';

async function listAccounts(): Promise<AccountDto[]> {
  const { accounts } = await api<{ accounts: AccountDto[] }>('/api/accounts');
  return accounts;
}

function accountsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.all, queryFn: listAccounts, refetchOnWindowFocus: true });
}

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
