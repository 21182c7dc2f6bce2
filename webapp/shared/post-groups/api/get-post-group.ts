import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostGroupDto, PostGroupResult } from '../../../../shared/posts/post-groups';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

/** A group with each account's post, as it stands now. */
export async function getPostGroup(id: string): Promise<PostGroupDto> {
  const { group } = await api<PostGroupResult>(`/api/post-groups/${encodeURIComponent(id)}`);
  return group;
}

export function getPostGroupQueryOptions(id: string) {
  return queryOptions({ queryKey: postKeys.group(id), queryFn: () => getPostGroup(id), staleTime: 0 });
}

export function useGetPostGroup(id: string | null) {
  return useQuery({ ...getPostGroupQueryOptions(id ?? ''), enabled: Boolean(id) });
}
