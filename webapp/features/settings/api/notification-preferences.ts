import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../../../shared/settings/notification-preferences';
import { api } from '../../../lib/api-client';

const notificationPreferencesKey = ['settings', 'notifications'] as const;

export function getNotificationPreferences(): Promise<NotificationPreferences> {
  return api<NotificationPreferences>('/api/settings/notifications');
}

export function notificationPreferencesQueryOptions() {
  return queryOptions({ queryKey: notificationPreferencesKey, queryFn: getNotificationPreferences });
}

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

export function saveNotificationPreferences(
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  return api<NotificationPreferences>('/api/settings/notifications', { method: 'PUT', json: input });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesKey, saved),
  });
}
