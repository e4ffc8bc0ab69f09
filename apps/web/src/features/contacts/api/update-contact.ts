import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactResponse, type UpdateContactInput } from '@cardstack/shared/contacts/schemas';
import { api } from '../../../lib/api-client';
import { contactListQueryKey, contactQueryKey, contactUrl } from './contact-keys';

/** PATCH /api/contacts/{id} */
export function updateContact(contactId: string, input: UpdateContactInput) {
  return api.patch(contactUrl(contactId), contactResponse, input);
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, input }: { contactId: string; input: UpdateContactInput }) => updateContact(contactId, input),
    onSuccess: (result) => {
      queryClient.setQueryData(contactQueryKey(result.contact.id), result);
      return queryClient.invalidateQueries({ queryKey: contactListQueryKey });
    },
  });
}
