import { adminUserResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminUrl } from './admin-keys';

/** PUT /api/admin/users/{id}/disabled: a disabled account cannot sign in and its cards stop answering. */
export async function setUserDisabled(userId: string, isDisabled: boolean) {
  return api.put(`${adminUrl('users', userId)}/disabled`, adminUserResponse, { isDisabled });
}
