import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedListDto } from '../../../../shared/feeds/api';
import { api } from '../../../lib/api-client';
import { queueKeys } from '../../../lib/query-keys';

export function listFeeds(): Promise<FeedListDto> {
  return api<FeedListDto>('/api/feeds');
}

export function feedsQueryOptions() {
  // Checks happen on the server's clock: a minute's refresh shows a new last check without a reload.
  return queryOptions({ queryKey: queueKeys.feeds(), queryFn: listFeeds, refetchInterval: 60_000 });
}

/** The user's feeds and, in demo mode, the sandbox's example feed address. */
export function useFeeds() {
  return useQuery(feedsQueryOptions());
}
