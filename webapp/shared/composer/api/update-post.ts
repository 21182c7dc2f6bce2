import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDto, UpdatePostInput } from '../../../../shared/posts/api';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

export async function updatePost({ id, input }: { id: string; input: UpdatePostInput }): Promise<PostDto> {
  const { post } = await api<{ post: PostDto }>(`/api/posts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: input,
  });
  return post;
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      return queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}
