import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

/** Answers '{Draft|Post} and associated media deleted successfully!'. */
export function deletePost(id: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: postKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}
