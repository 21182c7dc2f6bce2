import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/query-keys';

interface CreatorInfo {
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number | null;
}

/** What the TikTok account may post (privacy options, interactions the creator turned off). */
export function getCreatorInfo(accountId: string): Promise<CreatorInfo> {
  return api<CreatorInfo>(`/api/accounts/${encodeURIComponent(accountId)}/creator-info`);
}

export function creatorInfoQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: [...accountKeys.all, accountId, 'creator-info'],
    queryFn: () => getCreatorInfo(accountId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useCreatorInfo(accountId: string | null) {
  return useQuery({ ...creatorInfoQueryOptions(accountId ?? ''), enabled: Boolean(accountId) });
}
