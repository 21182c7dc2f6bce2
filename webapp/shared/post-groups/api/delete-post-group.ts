import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletePostGroupResult } from '../../../../shared/posts/post-groups';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

/** "All not yet sent": every post of the group that is not published; sent ones stay. */
export function deletePostGroup(id: string): Promise<DeletePostGroupResult> {
  return api<DeletePostGroupResult>(`/api/post-groups/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: { scope: 'unsent' },
  });
}

export function useDeletePostGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePostGroup,
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: postKeys.group(id) });
      return queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}
