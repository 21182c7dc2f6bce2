import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostDto } from '../../../../shared/posts/api';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

export async function getPost(id: string): Promise<PostDto> {
  const { post } = await api<{ post: PostDto }>(`/api/posts/${encodeURIComponent(id)}`);
  return post;
}

export function getPostQueryOptions(id: string) {
  return queryOptions({ queryKey: postKeys.detail(id), queryFn: () => getPost(id), staleTime: 0 });
}

export function useGetPost(id: string | null) {
  return useQuery({ ...getPostQueryOptions(id ?? ''), enabled: Boolean(id) });
}
