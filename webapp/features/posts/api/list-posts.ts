import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListPostsResult } from '../../../../shared/posts/post-list';
import { api } from '../../../lib/api-client';
import { type PostListFilters, postKeys } from '../../../lib/query-keys';

export function listPosts(filters: PostListFilters): Promise<ListPostsResult> {
  return api<ListPostsResult>('/api/posts', { query: { ...filters } });
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
