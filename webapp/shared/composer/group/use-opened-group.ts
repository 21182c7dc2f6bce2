import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PostDto } from '../../../../shared/posts/api';
import { isReadOnlyVersion } from '../../../../shared/posts/post-group-rules';
import { getPostGroupQueryOptions } from '../../post-groups/api/get-post-group';
import { groupStateFromDto, type LoadedGroup } from './group-request';
import type { GroupComposerState } from './group-state';

const STATUS_NAMES: Record<PostDto['status'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  publishing: 'Being published',
  posted: 'Posted',
  failed: 'Failed',
};

/**
 * A post group opened for editing (GET /api/post-groups/:id), put into the composer once it has
 * loaded (`onLoad`), with what the chips and tabs show of its posts: the sent (read-only) ones and
 * each account's status.
 */
export function useOpenedGroup({
  open,
  groupId,
  onLoad,
}: {
  open: boolean;
  groupId: string | null;
  onLoad: (state: GroupComposerState) => void;
}) {
  const query = useQuery({ ...getPostGroupQueryOptions(groupId ?? ''), enabled: open && Boolean(groupId) });
  const [loaded, setLoaded] = useState<LoadedGroup | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening reads the group again
  useEffect(() => setLoaded(null), [open, groupId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per fetched group
  useEffect(() => {
    if (!open || !groupId || !query.data || loaded) return;
    const next = groupStateFromDto(query.data);
    setLoaded(next);
    onLoad(next.state);
  }, [open, groupId, query.data, loaded]);

  const sent = useMemo(() => loaded?.posts.filter((post) => isReadOnlyVersion(post.status)) ?? [], [loaded]);
  const locked = useMemo(
    () =>
      new Map(
        sent.flatMap((post) =>
          post.socialAccountId ? [[post.socialAccountId, STATUS_NAMES[post.status]]] : [],
        ),
      ),
    [sent],
  );
  const statuses = useMemo(
    () =>
      new Map(
        (loaded?.posts ?? []).flatMap((post) =>
          post.socialAccountId && !isReadOnlyVersion(post.status)
            ? [[post.socialAccountId, STATUS_NAMES[post.status]]]
            : [],
        ),
      ),
    [loaded],
  );
  const postIdOf = useCallback(
    (accountId: string) => loaded?.posts.find((post) => post.socialAccountId === accountId)?.id,
    [loaded],
  );
  return {
    loaded,
    loading: Boolean(groupId) && (query.isPending || (query.isSuccess && !loaded)),
    failed: Boolean(groupId) && query.isError,
    sent,
    locked,
    statuses,
    postIdOf,
  };
}
