import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDto } from '../../../../shared/posts/api';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

/** Post Now: the publishing engine sends the stored post to its platform. */
export async function publishPost(id: string): Promise<PostDto> {
  const { post } = await api<{ post: PostDto }>(`/api/posts/${encodeURIComponent(id)}/publish`, {
    method: 'POST',
  });
  return post;
}

export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
