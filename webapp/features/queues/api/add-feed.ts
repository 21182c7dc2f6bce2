import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFeedBody, FeedDto } from '../../../../shared/feeds/api';
import { api } from '../../../lib/api-client';
import { queueKeys } from '../../../lib/query-keys';

/** Adds a feed; the server reads it once and refuses an address that is not a feed. */
export function addFeed(input: CreateFeedBody): Promise<{ feed: FeedDto; message: string }> {
  return api<{ feed: FeedDto; message: string }>('/api/feeds', { method: 'POST', json: input });
}

export function useAddFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKeys.feeds() }),
  });
}
