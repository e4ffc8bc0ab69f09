import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { passkeyList } from '@cardstack/shared/auth/passkeys';
import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { passkeysQueryKey, passkeyUrl } from './account-keys';

/* /api/account/passkeys: the account's passkeys, renamed (PATCH …/{id}) and removed (DELETE …/{id}) by their owner. */

export function listPasskeys() {
  return api.get('/api/account/passkeys', passkeyList);
}

export const passkeysQuery = () => queryOptions({ queryKey: passkeysQueryKey, queryFn: listPasskeys });

export const usePasskeys = () => useQuery(passkeysQuery());

export function renamePasskey(passkeyId: string, name: string) {
  return api.patch(passkeyUrl(passkeyId), okResponse, { name });
}

export function removePasskey(passkeyId: string) {
  return api.delete(passkeyUrl(passkeyId), okResponse);
}

const refreshPasskeys = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: passkeysQueryKey });

export const useRemovePasskey = (ui?: MutationUi) => useEndpointMutation(removePasskey, refreshPasskeys, ui);
