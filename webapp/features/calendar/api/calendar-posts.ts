import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarPostDto } from '../../../../shared/posts/api';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

/** Under the posts lists' key: every live post event refreshes the calendar too. */
const calendarKey = (from: string, to: string, accountId = '') =>
  [...postKeys.lists(), 'calendar', from, to, accountId] as const;

/** One range of posts, of every account ('') or of one. */
export async function getCalendarPosts(from: string, to: string, accountId = ''): Promise<CalendarPostDto[]> {
  const query = { from, to, ...(accountId ? { accountId } : {}) };
  return (await api<{ posts: CalendarPostDto[] }>('/api/posts/calendar', { query })).posts;
}

export function calendarPostsQueryOptions(from: string, to: string, accountId = '') {
  return queryOptions({
    queryKey: calendarKey(from, to, accountId),
    queryFn: () => getCalendarPosts(from, to, accountId),
    // Moving between months keeps the last one on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

export function useCalendarPosts(from: string, to: string, accountId = '') {
  return useQuery(calendarPostsQueryOptions(from, to, accountId));
}
