import { toast } from 'sonner';
import { ApiError } from '../../../../shared/http/api-error';
import { getPlatform } from '../../../../shared/platforms/registry';
import { ADD_TO_NEXT_FREE_TIME, type PostDto, type PostRequestAction } from '../../../../shared/posts/api';
import { POST_MESSAGES } from '../../../../shared/posts/constants';
import type { PostGroupDto, VersionProblemDto } from '../../../../shared/posts/post-groups';
import { formatDateTime } from '../../../../shared/time/format';
import { usePreferences } from '../../preferences/preferences';
import { useSavePostGroup } from '../api/post-groups';
import { scheduledAtFor, useSavePost } from '../use-save-post';
import { groupInput, lonePostBody } from './group-request';
import type { GroupComposerState } from './group-state';

export type SaveOutcome =
  | { kind: 'done' }
  | { kind: 'error'; message: string; problems?: VersionProblemDto[]; needsTime?: boolean }
  /** Post Now of a group: each account's post after its attempt, shown before the composer closes. */
  | { kind: 'published'; posts: PostDto[] };

interface SaveRequest {
  state: GroupComposerState;
  action: PostRequestAction;
  /** The opened group (PATCH), or null for a new composition. */
  groupId: string | null;
  /** A lone post already stored by an earlier attempt (Post Now that failed): saved again, not twice. */
  savedPostId: string | null;
  onStored: (stored: { postId?: string; group?: PostGroupDto }) => void;
}

function problemsOf(error: unknown): VersionProblemDto[] {
  const problems = error instanceof ApiError ? error.details?.problems : undefined;
  return Array.isArray(problems) ? (problems as VersionProblemDto[]) : [];
}

/**
 * Saving a composition. One account alone is an ordinary post (`POST /api/posts`, as before);
 * several accounts are ONE `POST /api/post-groups` (or `PATCH` of the opened group): one post
 * per account in one transaction. A refusal lists each account's problem; Post Now answers each
 * account's outcome.
 */
export function useSaveGroup() {
  const savePost = useSavePost();
  const saveGroup = useSavePostGroup();
  const { timezone, timeFormat } = usePreferences();

  return async function save({
    state,
    action,
    groupId,
    savedPostId,
    onStored,
  }: SaveRequest): Promise<SaveOutcome> {
    const lone = !groupId && state.accounts.length === 1 ? state.accounts[0] : undefined;
    const timing = scheduledAtFor(action, lone?.platform ?? null, state.scheduledAt);
    if ('error' in timing) return { kind: 'error', message: timing.error, needsTime: true };
    if (lone) {
      const failure = await savePost({
        action,
        body: lonePostBody(state, lone),
        scheduledAt: timing.scheduledAt,
        savedId: savedPostId,
        onStored: (post) => onStored({ postId: post.id }),
      });
      return failure === null ? { kind: 'done' } : { kind: 'error', message: failure };
    }
    const input = groupInput(state, action, timing.scheduledAt);
    let group: PostGroupDto;
    try {
      ({ group } = await saveGroup.mutateAsync({ id: groupId, input }));
    } catch (error) {
      const problems = problemsOf(error);
      const fallback = groupId ? POST_MESSAGES.failedToUpdatePost : POST_MESSAGES.failedToCreatePost;
      const message =
        error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;
      return { kind: 'error', message, problems };
    }
    onStored({ group });
    const sentNow = new Set(state.accounts.map((account) => account.id));
    const posts = group.posts.filter((post) => post.socialAccountId && sentNow.has(post.socialAccountId));
    if (action === 'publish') return { kind: 'published', posts };
    if (action === 'draft') {
      toast.success(groupId ? POST_MESSAGES.draftUpdated : POST_MESSAGES.draftSaved);
    } else if (action === ADD_TO_NEXT_FREE_TIME) {
      // Each account has its own next free time: the toast names them.
      const times = posts.map((post) => ({
        name: post.account?.accountName ?? getPlatform(post.platform).displayName,
        at: formatDateTime(post.scheduledAt, timezone, timeFormat),
      }));
      const distinct = new Set(times.map((time) => time.at));
      if (distinct.size === 1) toast.success(`Added to the queue for ${times[0]?.at}`);
      else
        toast.success('Added to the queue', {
          description: times.map((time) => `${time.name}: ${time.at}`).join(' · '),
        });
    } else {
      toast.success(groupId ? POST_MESSAGES.postUpdated : POST_MESSAGES.postScheduled);
    }
    return { kind: 'done' };
  };
}
