import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarPostDto } from '../../../../shared/posts/api';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../posts/api/post-keys';

/** Under the posts lists' key: every live post event refreshes the calendar too. */
export const calendarKey = (from: string, to: string) => [...postKeys.lists(), 'calendar', from, to] as const;

export async function getCalendarPosts(from: string, to: string): Promise<CalendarPostDto[]> {
  return (await api<{ posts: CalendarPostDto[] }>('/api/posts/calendar', { query: { from, to } })).posts;
}

export function calendarPostsQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: calendarKey(from, to),
    queryFn: () => getCalendarPosts(from, to),
    // Moving between months keeps the last one on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

export function useCalendarPosts(from: string, to: string) {
  return useQuery(calendarPostsQueryOptions(from, to));
}
