import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedDto, UpdateFeedInput } from '../../../../shared/feeds/api';
import { api } from '../../../lib/api-client';
import { queueKeys } from '../../../lib/query-keys';

/** `PATCH /api/feeds/:id`: a new address is read once by the server, like a new feed's. */
export function updateFeed({
  id,
  changes,
}: {
  id: string;
  changes: UpdateFeedInput;
}): Promise<{ feed: FeedDto; message: string }> {
  return api<{ feed: FeedDto; message: string }>(`/api/feeds/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: changes,
  });
}

export function useUpdateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKeys.feeds() }),
  });
}
