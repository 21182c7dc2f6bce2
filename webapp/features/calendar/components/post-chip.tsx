import { useDraggable } from '@dnd-kit/core';
import { getPlatform } from '../../../../shared/platforms/registry';
import type { CalendarPostDto } from '../../../../shared/posts/api';
import {
  CALENDAR_LABEL_LENGTH,
  CALENDAR_PREVIEW_LENGTH,
  calendarPreview,
} from '../../../../shared/posts/constants';
import { canMovePost, isMissed } from '../../../../shared/posts/post-timing';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatTime } from '../../../../shared/time/format';
import { PlatformIcon } from '../../../components/platform-icon';
import { useLateGraceMinutes } from '../../../shared/app-config/get-app-config';

/** Spec 02: details badges are green for posted, red for failed, blue otherwise; chips follow. */
const ACCENT: Record<string, string> = {
  posted: 'border-l-green-500',
  failed: 'border-l-red-500',
};

/** The shared rule for a calendar post: scheduled and not due yet. */
export function isMovable(post: CalendarPostDto, now = Date.now()): boolean {
  return canMovePost({ status: post.status, at: post.atMs }, now);
}

/** Did not go out: failed, or missed by the engine (later than the server's grace). */
export function didNotGoOut(post: CalendarPostDto, graceMinutes: number, now = Date.now()): boolean {
  return post.status === 'failed' || isMissed({ status: post.status, at: post.atMs }, now, graceMinutes);
}

/**
 * A post on the calendar: its time, platform and the first 15 characters (spec 02 section 9).
 * A past post that did not go out is dimmed and shows its status. A future scheduled post can be
 * dragged to another day or hour (pointer, or keyboard: Space to lift, arrows, Space to drop).
 */
export function PostChip({
  post,
  timezone,
  timeFormat,
  onOpen,
}: {
  post: CalendarPostDto;
  timezone: string;
  timeFormat: TimeFormat;
  onOpen: (post: CalendarPostDto) => void;
}) {
  const movable = isMovable(post);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: post.id,
    data: { post },
    disabled: !movable,
  });
  const missed = didNotGoOut(post, useLateGraceMinutes());
  const preview = calendarPreview(post.preview, CALENDAR_PREVIEW_LENGTH) || '(no text)';
  const time = formatTime(post.atMs, timezone, timeFormat);
  return (
    <button
      type="button"
      ref={setNodeRef}
      // Only a movable post is a drag source: dnd-kit marks the others aria-disabled, and they
      // must stay buttons that open their details.
      {...(movable ? { ...attributes, ...listeners } : {})}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(post);
      }}
      aria-label={`${time} ${getPlatform(post.platform).displayName} post: ${calendarPreview(post.preview, CALENDAR_LABEL_LENGTH)}${missed ? ` (${post.status})` : ''}${movable ? '. Press Space to move it.' : ''}`}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={`flex w-full min-w-0 items-center gap-1 rounded border border-gray-200 border-l-4 bg-white px-1 py-0.5 text-left text-xs shadow-sm hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500 ${
        ACCENT[post.status] ?? 'border-l-blue-500'
      } ${missed ? 'opacity-50' : ''} ${isDragging ? 'z-20 opacity-80 shadow-lg' : ''} ${movable ? 'cursor-grab' : ''}`}
    >
      <PlatformIcon platform={post.platform} className="h-3.5 w-3.5 shrink-0" />
      <span className="shrink-0 font-medium text-gray-700">{time}</span>
      <span className="min-w-0 truncate text-gray-600">{preview}</span>
      {missed ? <span className="shrink-0 text-[10px] text-red-700 uppercase">{post.status}</span> : null}
    </button>
  );
}
