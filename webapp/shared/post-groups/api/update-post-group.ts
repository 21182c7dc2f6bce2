import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostGroupDto, PostGroupResult } from '../../../../shared/posts/post-groups';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

/**
 * Moves every version of the group not yet sent to `scheduledAt` (sent ones stay where they
 * went out): the calendar's drag and Move form, and their Undo.
 */
export async function schedulePostGroup(id: string, scheduledAt: string): Promise<PostGroupDto> {
  const { group } = await api<PostGroupResult>(`/api/post-groups/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: { action: 'schedule', scheduledAt },
  });
  return group;
}

/** Post Now for every version not yet sent; each post answers its own outcome. */
export async function publishPostGroup(id: string): Promise<PostGroupDto> {
  const { group } = await api<PostGroupResult>(`/api/post-groups/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: { action: 'publish' },
  });
  return group;
}

export function usePublishPostGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPostGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
