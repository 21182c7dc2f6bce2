import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedCheckDto, FeedDto } from '../../../../shared/feeds/api';
import { api } from '../../../lib/api-client';
import { queueKeys } from '../../../lib/query-keys';

export type FeedAction = 'pause' | 'resume' | 'check' | 'delete';

interface FeedActionAnswer {
  feed?: FeedDto;
  taken?: number;
  message?: string;
}

/** Pause, resume, check now (`POST /api/feeds/:id/<action>`) or delete one feed. */
export function changeFeed({ id, action }: { id: string; action: FeedAction }): Promise<FeedActionAnswer> {
  const path = `/api/feeds/${encodeURIComponent(id)}`;
  if (action === 'delete') return api<{ message: string }>(path, { method: 'DELETE' });
  return api<FeedCheckDto | { feed: FeedDto; message: string }>(`${path}/${action}`, { method: 'POST' });
}

export function useChangeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeFeed,
    // A check may have added queue items: the queues are read again with the feeds.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKeys.all }),
  });
}
