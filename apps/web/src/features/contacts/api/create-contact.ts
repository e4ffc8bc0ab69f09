import { useMutation } from '@tanstack/react-query';
import { contactResponse, type CreateContactInput } from '@cardstack/shared/contacts/schemas';
import { api } from '../../../lib/api-client';
import { useInvalidateContacts } from './contact-keys';

/** POST /api/contacts */
export function createContact(input: CreateContactInput) {
  return api.post('/api/contacts', contactResponse, input);
}

export function useCreateContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({ mutationFn: createContact, onSuccess: () => invalidate() });
}
