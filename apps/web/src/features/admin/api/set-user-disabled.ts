import { adminUserResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { adminUrl } from './admin-keys';
import { rememberUser } from './get-user';

/** PUT /api/admin/users/{id}/disabled: a disabled account cannot sign in and its cards stop answering. */
export async function setUserDisabled(userId: string, isDisabled: boolean) {
  return api.put(`${adminUrl('users', userId)}/disabled`, adminUserResponse, { isDisabled });
}

/** The account's detail takes the answer; the list is read again. */
export const useSetUserDisabled = (userId: string, ui?: MutationUi<Awaited<ReturnType<typeof setUserDisabled>>>) =>
  useEndpointMutation(
    (isDisabled: boolean) => setUserDisabled(userId, isDisabled),
    (queryClient, updated) => rememberUser(queryClient, userId, updated),
    ui,
  );
