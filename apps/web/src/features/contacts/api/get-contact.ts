import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactResponse } from '@cardstack/shared/contacts/schemas';
import { api } from '../../../lib/api-client';
import { contactQueryKey, contactUrl } from './contact-keys';

/** GET /api/contacts/{id}: the contact and the card it came through. */
export function getContact(contactId: string) {
  return api.get(contactUrl(contactId), contactResponse);
}

export const contactQuery = (contactId: string | null) =>
  queryOptions({
    queryKey: contactQueryKey(contactId ?? ''),
    queryFn: () => getContact(contactId!),
    enabled: contactId !== null,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
  });

export const useContact = (contactId: string | null) => useQuery(contactQuery(contactId));
