import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContactCardOptions,
  ContactFilterInput,
  ContactListResponse,
  ContactResponse,
  CreateContactInput,
  NotificationSettings,
  UpdateContactInput,
} from '@cardstack/shared/contacts/schemas';
import { api } from '../../../lib/api-client';

/*
 * Every /api/contacts call the SPA makes, with its query keys. Request and response types come from the shared
 * schemas the server validates with.
 */

const contactsQueryKey = ['contacts'] as const;
const contactQueryKey = (contactId: string) => ['contacts', 'one', contactId] as const;
const notificationSettingsQueryKey = ['account', 'notifications'] as const;

interface ContactListParams extends ContactFilterInput {
  cursor?: string | null;
  pageSize: number;
}

/** The filter as a query string; empty values are left out. */
function contactQueryString(params: ContactFilterInput & { cursor?: string | null; pageSize?: number }): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

const contactUrl = (contactId: string, rest = '') => `/api/contacts/${encodeURIComponent(contactId)}${rest}`;

export function useContacts(params: ContactListParams) {
  return useQuery({
    queryKey: [...contactsQueryKey, 'list', params],
    queryFn: () => api.get<ContactListResponse>(`/api/contacts?${contactQueryString(params)}`),
    // The previous page stays on screen while the next loads: the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useContact(contactId: string | null) {
  return useQuery({
    queryKey: contactQueryKey(contactId ?? ''),
    queryFn: () => api.get<ContactResponse>(contactUrl(contactId!)),
    enabled: contactId !== null,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
  });
}

export function useContactCards() {
  return useQuery({
    queryKey: [...contactsQueryKey, 'cards'],
    queryFn: async () => (await api.get<ContactCardOptions>('/api/contacts/cards')).cards,
    staleTime: 60_000,
  });
}

/** Refreshes every contacts query (the list, the cards filter, open details) after contacts changed elsewhere. */
export function useInvalidateContacts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contactsQueryKey });
}

export function useCreateContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (input: CreateContactInput) => api.post<ContactResponse>('/api/contacts', input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, input }: { contactId: string; input: UpdateContactInput }) => api.patch<ContactResponse>(contactUrl(contactId), input),
    onSuccess: (result) => {
      queryClient.setQueryData(contactQueryKey(result.contact.id), result);
      return queryClient.invalidateQueries({ queryKey: [...contactsQueryKey, 'list'] });
    },
  });
}

export function useDeleteContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (contactIds: string[]) => {
      if (contactIds.length === 1) {
        await api.delete<{ ok: true }>(contactUrl(contactIds[0]!));
        return 1;
      }
      return (await api.post<{ deleted: number }>('/api/contacts/bulk-delete', { ids: contactIds })).deleted;
    },
    onSuccess: (_deleted, contactIds) => {
      for (const contactId of contactIds) queryClient.removeQueries({ queryKey: contactQueryKey(contactId) });
      return queryClient.invalidateQueries({ queryKey: [...contactsQueryKey, 'list'] });
    },
  });
}

/** A plain link downloads the file as it streams (no copy of it in the page's memory). */
export function exportUrl(format: 'csv' | 'xlsx', filter: ContactFilterInput): string {
  const query = contactQueryString(filter);
  return `/api/contacts/export/${format}${query ? `?${query}` : ''}`;
}

/** The photo of a scanned card; `version` changes the URL when a merge replaced it. */
export function cardImageUrl(contactId: string, version: string): string {
  return contactUrl(contactId, `/card-image?v=${encodeURIComponent(version)}`);
}

export function vcardUrl(contactId: string): string {
  return contactUrl(contactId, '/vcard');
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: () => api.get<NotificationSettings>('/api/account/notifications'),
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => api.put<NotificationSettings>('/api/account/notifications', settings),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey, settings),
  });
}
