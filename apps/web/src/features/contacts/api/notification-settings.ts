import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationSettings, type NotificationSettings } from '@cardstack/shared/contacts/schemas';
import { api } from '../../../lib/api-client';
import { notificationSettingsQueryKey } from './contact-keys';

/* GET and PUT /api/account/notifications: whether a new lead sends the owner a mail. */

export function getNotificationSettings() {
  return api.get('/api/account/notifications', notificationSettings);
}

export function saveNotificationSettings(settings: NotificationSettings) {
  return api.put('/api/account/notifications', notificationSettings, settings);
}

export const notificationSettingsQuery = () => queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: getNotificationSettings });

export const useNotificationSettings = () => useQuery(notificationSettingsQuery());

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey, settings),
  });
}
