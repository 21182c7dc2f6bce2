import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResult } from '../../../../shared/notifications/api';
import { api } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/query-keys';

export function getNotifications(): Promise<NotificationsResult> {
  return api<NotificationsResult>('/api/notifications');
}

export function notificationsQueryOptions() {
  // The live stream invalidates this key; the interval covers a stream that is down.
  return queryOptions({ queryKey: notificationKeys.all, queryFn: getNotifications, refetchInterval: 60_000 });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

function useNotificationMutation<TInput>(call: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkNotificationsRead() {
  return useNotificationMutation((ids: string[]) =>
    api('/api/notifications/read', { method: 'POST', json: { ids } }),
  );
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation(() => api('/api/notifications/read-all', { method: 'POST' }));
}

export function useDeleteNotification() {
  return useNotificationMutation((id: string) =>
    api(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}
