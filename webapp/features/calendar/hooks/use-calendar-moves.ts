import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from '../../../../shared/http/api-error';
import { type CalendarPostDto, POST_MESSAGES } from '../../../../shared/posts/api';
import { isReadOnlyVersion } from '../../../../shared/posts/group-outcome';
import { isInFuture } from '../../../../shared/posts/post-timing';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatDateTime } from '../../../../shared/time/format';
import { postKeys } from '../../../lib/query-keys';
import { updatePost } from '../../../shared/composer/api/update-post';
import { schedulePostGroup } from '../../../shared/post-groups/api/update-post-group';

const MOVE_FAILED = 'Failed to move the post. Please try again.';
const calendarKey = [...postKeys.lists(), 'calendar'];

/**
 * Moving on the calendar (drag, or the details' Move form), with Undo: a post alone, or a post
 * group, whose versions not yet sent all move to the new time (sent ones are read-only and stay).
 */
export function useCalendarMoves(timezone: string, timeFormat: TimeFormat) {
  const queryClient = useQueryClient();

  /** Shown where it lands at once; the server's answer (or a refusal) settles it. */
  function showMoved(moves: (post: CalendarPostDto) => boolean, atMs: number) {
    queryClient.setQueriesData<CalendarPostDto[]>({ queryKey: calendarKey }, (list) =>
      list?.map((item) => (moves(item) ? { ...item, atMs, status: 'scheduled' } : item)),
    );
  }

  async function attempt(save: () => Promise<string | null>, undo: (() => void) | null) {
    try {
      const label = formatDateTime(await save(), timezone, timeFormat);
      if (undo) toast.success(`Post moved to ${label}`, { action: { label: 'Undo', onClick: undo } });
      else toast.success(`Post moved back to ${label}`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : MOVE_FAILED);
    } finally {
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    }
  }

  async function movePost(post: { id: string; atMs: number }, iso: string, undo = true) {
    if (!isInFuture(Date.parse(iso), Date.now())) {
      toast.error(POST_MESSAGES.scheduleInPast);
      return;
    }
    const previous = new Date(post.atMs).toISOString();
    showMoved((item) => item.id === post.id, Date.parse(iso));
    await attempt(
      async () => {
        const saved = await updatePost({ id: post.id, input: { scheduledAt: iso } });
        queryClient.setQueryData(postKeys.detail(saved.id), saved);
        return saved.scheduledAt;
      },
      undo ? () => void movePost({ id: post.id, atMs: Date.parse(iso) }, previous, false) : null,
    );
  }

  /**
   * PATCH /api/post-groups/:id { action: 'schedule', scheduledAt }. Undo puts every moved
   * version back at `fromMs`, the time of the chip (or details) it was moved from.
   */
  async function moveGroup(groupId: string, fromMs: number, iso: string, undo = true) {
    if (!isInFuture(Date.parse(iso), Date.now())) {
      toast.error(POST_MESSAGES.scheduleInPast);
      return;
    }
    const previous = new Date(fromMs).toISOString();
    showMoved((item) => item.groupId === groupId && !isReadOnlyVersion(item.status), Date.parse(iso));
    await attempt(
      async () => {
        const group = await schedulePostGroup(groupId, iso);
        queryClient.setQueryData(postKeys.group(groupId), group);
        return group.posts.find((post) => !isReadOnlyVersion(post.status))?.scheduledAt ?? iso;
      },
      undo ? () => void moveGroup(groupId, Date.parse(iso), previous, false) : null,
    );
  }

  return { movePost, moveGroup };
}
