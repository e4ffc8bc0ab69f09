import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountAccess } from '@cardstack/shared/account/access';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { accessQueryKey, sessionsQueryKey } from './account-keys';

/* GET /api/account/access and POST …/revoke-all: what still has access after a password change, and ending all of it. */

export function getAccountAccess() {
  return api.get('/api/account/access', accountAccess);
}

export function revokeAllAccess() {
  return api.post('/api/account/access/revoke-all', accountAccess);
}

export const accountAccessQuery = () => queryOptions({ queryKey: accessQueryKey, queryFn: getAccountAccess });

export const useAccountAccess = () => useQuery(accountAccessQuery());

/** What is left (only this browser) replaces the list; the signed-in devices are read again. */
export const useRevokeAllAccess = (ui?: MutationUi<Awaited<ReturnType<typeof revokeAllAccess>>>) =>
  useEndpointMutation(
    () => revokeAllAccess(),
    (queryClient, left) => {
      queryClient.setQueryData(accessQueryKey, left);
      return queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
    ui,
  );
