import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { contactUrl } from './contact-keys';

/** DELETE /api/contacts/{id}; the list's delete action uses it for a single contact (bulk-delete-contacts). */
export function deleteContact(contactId: string) {
  return api.delete(contactUrl(contactId), okResponse);
}
