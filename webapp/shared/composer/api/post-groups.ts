import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePostGroupInput,
  PostGroupResult,
  UpdatePostGroupInput,
} from '../../../../shared/posts/post-groups';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

/** `POST /api/post-groups`: one post per chosen account, in one request and one transaction. */
export function createPostGroup(input: CreatePostGroupInput): Promise<PostGroupResult> {
  return api<PostGroupResult>('/api/post-groups', { method: 'POST', json: input });
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

/** Create or (with `id`) edit a group; every post list is refreshed after. */
export function useSavePostGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreatePostGroupInput | UpdatePostGroupInput }) =>
      id ? updatePostGroup({ id, input }) : createPostGroup(input as CreatePostGroupInput),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
