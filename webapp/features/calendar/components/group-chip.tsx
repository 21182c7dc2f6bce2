import { useDraggable } from '@dnd-kit/core';
import { type CSSProperties, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  CALENDAR_LABEL_LENGTH,
  CALENDAR_PREVIEW_LENGTH,
  calendarPreview,
} from '../../../../shared/posts/constants';
import type { GroupAccountStatus } from '../../../../shared/posts/group-outcome';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatTime } from '../../../../shared/time/format';
import { ChevronDownIcon } from '../../../components/icons';
import { useAccounts } from '../../../shared/accounts/list-accounts';
import { useLateGraceMinutes } from '../../../shared/app-config/get-app-config';
import { AccountStatusList, PlatformIcons } from '../../../shared/post-groups/account-status-list';
import { accountStatusOfCalendarPost } from '../../../shared/post-groups/group-accounts';
import type { CalendarItem } from '../lib/calendar-items';
import { didNotGoOut, isMovable } from './post-chip';

/** A group moves while any of its versions could: those go, sent ones stay. */
export function isItemMovable(item: CalendarItem, now = Date.now()): boolean {
  return item.posts.some((post) => isMovable(post, now));
}

/** Each account of a calendar item, named from the user's accounts. */
export function useItemAccounts(item: CalendarItem): GroupAccountStatus[] {
  const accounts = useAccounts().data;
  return useMemo(() => {
    const names = new Map((accounts ?? []).map((account) => [account.id, account.accountName]));
    return item.posts.map((post) => accountStatusOfCalendarPost(post, names));
  }, [accounts, item.posts]);
}

/** 'Posted to 3 of 4'-style state for the chip's accent: any failure red, all posted green. */
function accent(item: CalendarItem): string {
  if (item.posts.some((post) => post.status === 'failed')) return 'border-l-red-500';
  if (item.posts.every((post) => post.status === 'posted')) return 'border-l-green-500';
  return 'border-l-blue-500';
}

/**
 * A post group on the calendar (issue 23): one chip with the network icon of each account (two
 * Pages, two icons), its time and text. The chip opens the group's details and drags like a post
 * (every version not yet sent moves); the arrow beside it lists each account with its status.
 */
export function GroupChip({
  item,
  timezone,
  timeFormat,
  onOpen,
}: {
  item: CalendarItem;
  timezone: string;
  timeFormat: TimeFormat;
  onOpen: (groupId: string) => void;
}) {
  const movable = isItemMovable(item);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: item.key,
    data: { item },
    disabled: !movable,
  });
  const grace = useLateGraceMinutes();
  const missed = item.posts.every((post) => didNotGoOut(post, grace));
  const first = item.posts[0]!;
  const time = formatTime(item.atMs, timezone, timeFormat);
  const count = item.posts.length;
  const label = `${time} post to ${count} accounts: ${calendarPreview(first.preview, CALENDAR_LABEL_LENGTH)}${movable ? '. Press Space to move it.' : ''}`;
  return (
    <div className="flex min-w-0 items-stretch">
      <button
        type="button"
        ref={setNodeRef}
        {...(movable ? { ...attributes, ...listeners } : {})}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(item.groupId!);
        }}
        aria-label={label}
        style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
        className={`flex min-w-0 flex-1 flex-col overflow-hidden rounded-l border border-gray-200 border-l-4 bg-white px-1 py-0.5 text-left text-xs shadow-sm hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500 ${accent(
          item,
        )} ${missed ? 'opacity-50' : ''} ${isDragging ? 'z-20 opacity-80 shadow-lg' : ''} ${movable ? 'cursor-grab' : ''}`}
      >
        {/* A month cell is narrow: the accounts' icons on a line of their own, then time and text. */}
        <PlatformIcons platforms={item.posts.map((post) => post.platform)} className="h-3.5 w-3.5" />
        <span className="flex min-w-0 items-center gap-1">
          <span className="shrink-0 font-medium text-gray-700">{time}</span>
          <span className="min-w-0 truncate text-gray-600">
            {calendarPreview(first.preview, CALENDAR_PREVIEW_LENGTH) || '(no text)'}
          </span>
        </span>
      </button>
      <AccountsDisclosure item={item} floating />
    </div>
  );
}

/**
 * The arrow that lists a group's accounts with their statuses. `floating`: over the grid (a
 * month or week cell is too small to open in), fixed under the chip so no cell clips it; it
 * closes on Escape, a click elsewhere, or a scroll. Otherwise it opens in place (the list view).
 */
export function AccountsDisclosure({ item, floating = false }: { item: CalendarItem; floating?: boolean }) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<CSSProperties>({});
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const accounts = useItemAccounts(item);

  useEffect(() => {
    if (!open || !floating) return;
    const close = () => setOpen(false);
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !toggleRef.current?.contains(target)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggleRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [open, floating]);

  function toggle() {
    const rect = toggleRef.current?.getBoundingClientRect();
    if (!open && floating && rect) {
      const width = Math.min(320, window.innerWidth - 16);
      setPosition({
        position: 'fixed',
        top: rect.bottom + 4,
        left: Math.max(8, Math.min(rect.right - width, window.innerWidth - width - 8)),
        width,
      });
    }
    setOpen((value) => !value);
  }

  return (
    <>
      <button
        type="button"
        ref={toggleRef}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`The ${item.posts.length} accounts`}
        onClick={(event) => {
          event.stopPropagation();
          toggle();
        }}
        className={`flex shrink-0 items-center justify-center border border-gray-200 bg-white px-0.5 text-gray-500 shadow-sm hover:bg-gray-50 hover:text-gray-800 focus-visible:ring-2 focus-visible:ring-brand-500 ${
          floating ? 'rounded-r border-l-0' : 'h-8 w-8 rounded-lg'
        }`}
      >
        <ChevronDownIcon className={`h-3.5 w-3.5 ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: only keeps a click inside from reaching the day cell
        // biome-ignore lint/a11y/useKeyWithClickEvents: nothing to do with the keyboard here
        <div
          id={panelId}
          ref={panelRef}
          style={floating ? position : undefined}
          onClick={(event) => event.stopPropagation()}
          className={
            floating
              ? 'z-40 max-h-80 overflow-y-auto rounded-lg border border-gray-200 bg-white p-3 shadow-xl'
              : 'basis-full pt-2'
          }
        >
          <AccountStatusList accounts={accounts} dense label="Accounts of this post" />
        </div>
      ) : null}
    </>
  );
}
