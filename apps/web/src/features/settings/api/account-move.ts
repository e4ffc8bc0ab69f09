import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { accountMoveResponse, type AccountMoveInput, type AccountMoveResponse } from '@cardstack/shared/account/account-move-settings';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { accountMoveQueryKey } from './account-keys';

/* /api/account/move: "This account moved" — the move as it is (GET), recorded after asking the new server (POST), undone (DELETE). */

export function getAccountMove() {
  return api.get('/api/account/move', accountMoveResponse);
}

export const accountMoveQuery = () => queryOptions({ queryKey: accountMoveQueryKey, queryFn: getAccountMove });

export const useAccountMove = () => useQuery(accountMoveQuery());

export function moveAccount(input: AccountMoveInput) {
  return api.post('/api/account/move', accountMoveResponse, input);
}

export function undoAccountMove() {
  return api.delete('/api/account/move', accountMoveResponse);
}

const keepMove = (queryClient: QueryClient, result: AccountMoveResponse) => queryClient.setQueryData(accountMoveQueryKey, result);

export const useUndoAccountMove = (ui?: MutationUi<AccountMoveResponse>) => useEndpointMutation(() => undoAccountMove(), keepMove, ui);

export const useMoveAccount = (ui?: MutationUi<AccountMoveResponse>) => useEndpointMutation(moveAccount, keepMove, ui);
