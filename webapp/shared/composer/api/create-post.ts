import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePostInput, PostDto } from '../../../../shared/posts/api';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

export async function createPost(input: CreatePostInput): Promise<PostDto> {
  const { post } = await api<{ post: PostDto }>('/api/posts', { method: 'POST', json: input });
  return post;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.lists() }),
  });
}
