import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PostDto } from '../../../../shared/posts/api';
import { api } from '../../../lib/api-client';
import { type PostListFilters, postKeys } from '../../../lib/query-keys';

export interface PostListPage {
  posts: PostDto[];
  total: number;
  page: number;
  pageSize: number;
}

export function listPosts(filters: PostListFilters): Promise<PostListPage> {
  return api<PostListPage>('/api/posts', { query: { ...filters } });
}

export function listPostsQueryOptions(filters: PostListFilters) {
  return queryOptions({
    queryKey: postKeys.list(filters),
    queryFn: () => listPosts(filters),
    placeholderData: keepPreviousData,
  });
}

export function useListPosts(filters: PostListFilters) {
  return useQuery(listPostsQueryOptions(filters));
}
