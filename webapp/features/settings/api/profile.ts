import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preferences } from '../../../../shared/settings/preferences';
import { api } from '../../../lib/api-client';
import { preferencesQueryKey } from '../../../shared/preferences/preferences';

/** The stored profile preferences as they are (no browser guess): the settings form edits these. */
export function getProfile(): Promise<Preferences> {
  return api<Preferences>('/api/settings/preferences');
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: [...preferencesQueryKey, 'profile'] as const, queryFn: getProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
