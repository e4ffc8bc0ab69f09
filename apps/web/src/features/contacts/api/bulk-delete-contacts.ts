import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkDeleteContactsResponse } from '@cardstack/shared/contacts/schemas';
import { api } from '../../../lib/api-client';
import { contactListQueryKey, contactQueryKey } from './contact-keys';
import { deleteContact } from './delete-contact';

/** POST /api/contacts/bulk-delete: answers how many were deleted. */
export async function bulkDeleteContacts(contactIds: string[]) {
  return (await api.post('/api/contacts/bulk-delete', bulkDeleteContactsResponse, { ids: contactIds })).deleted;
}

/** The list's delete action: one contact by its own address, several in one request. */
export function useDeleteContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (contactIds: string[]) => {
      if (contactIds.length !== 1) return bulkDeleteContacts(contactIds);
      await deleteContact(contactIds[0]!);
      return 1;
    },
    onSuccess: (_deleted, contactIds) => {
      for (const contactId of contactIds) queryClient.removeQueries({ queryKey: contactQueryKey(contactId) });
      return queryClient.invalidateQueries({ queryKey: contactListQueryKey });
    },
  });
}
