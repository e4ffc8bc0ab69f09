import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contactListResponse, type ContactFilterInput } from '@cardstack/shared/contacts/schemas';
import { api } from '../../../lib/api-client';
import { contactListQueryKey, contactQueryString } from './contact-keys';

export interface ContactListParams extends ContactFilterInput {
  cursor?: string | null;
  pageSize: number;
}

/** GET /api/contacts: one page of the filtered list. */
export function listContacts(params: ContactListParams) {
  return api.get(`/api/contacts?${contactQueryString(params)}`, contactListResponse);
}

export const contactsQuery = (params: ContactListParams) =>
  queryOptions({
    queryKey: [...contactListQueryKey, params],
    queryFn: () => listContacts(params),
    // The previous page stays on screen while the next loads: the table does not jump.
    placeholderData: keepPreviousData,
  });

export const useContacts = (params: ContactListParams) => useQuery(contactsQuery(params));
