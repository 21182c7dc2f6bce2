import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePostGroupInput,
  PostGroupDto,
  PostGroupResult,
  UpdatePostGroupInput,
} from '../../../../shared/posts/post-groups';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

/** A post group lives under the posts key: a change to any of its posts refreshes it. */
const groupKey = (id: string) => [...postKeys.all, 'group', id] as const;

/** `POST /api/post-groups`: one post per chosen account, in one request and one transaction. */
export function createPostGroup(input: CreatePostGroupInput): Promise<PostGroupResult> {
  return api<PostGroupResult>('/api/post-groups', { method: 'POST', json: input });
}

export async function getPostGroup(id: string): Promise<PostGroupDto> {
  const { group } = await api<PostGroupResult>(`/api/post-groups/${encodeURIComponent(id)}`);
  return group;
}

export function updatePostGroup({
  id,
  input,
}: {
  id: string;
  input: UpdatePostGroupInput;
}): Promise<PostGroupResult> {
  return api<PostGroupResult>(`/api/post-groups/${encodeURIComponent(id)}`, { method: 'PATCH', json: input });
}

export function getPostGroupQueryOptions(id: string) {
  return queryOptions({ queryKey: groupKey(id), queryFn: () => getPostGroup(id), staleTime: 0 });
}

/** Create or (with `id`) edit a group; every post list is refreshed after. */
export function useSavePostGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreatePostGroupInput | UpdatePostGroupInput }) =>
      id ? updatePostGroup({ id, input }) : createPostGroup(input as CreatePostGroupInput),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
