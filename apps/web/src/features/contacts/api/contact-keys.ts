import { useQueryClient } from '@tanstack/react-query';
import type { ContactFilterInput } from '@cardstack/shared/contacts/schemas';

/* The contacts feature's query keys, addresses and the refresh its endpoints share. */

export const contactsQueryKey = ['contacts'] as const;
export const contactListQueryKey = ['contacts', 'list'] as const;
export const contactQueryKey = (contactId: string) => ['contacts', 'one', contactId] as const;
export const notificationSettingsQueryKey = ['account', 'notifications'] as const;

export const contactUrl = (contactId: string, rest = '') => `/api/contacts/${encodeURIComponent(contactId)}${rest}`;

/** The filter as a query string; empty values are left out. */
export function contactQueryString(params: ContactFilterInput & { cursor?: string | null; pageSize?: number }): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

/** Refreshes every contacts query (the list, the cards filter, open details) after contacts changed elsewhere. */
export function useInvalidateContacts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contactsQueryKey });
}
