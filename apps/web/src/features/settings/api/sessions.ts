import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { sessionList } from '@cardstack/shared/auth/schemas';
import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { sessionsQueryKey } from './account-keys';

/* /api/account/sessions: where the account is signed in; signing out one device (DELETE …/{id}) or all others. */

export function listSessions() {
  return api.get('/api/account/sessions', sessionList);
}

export const sessionsQuery = () => queryOptions({ queryKey: sessionsQueryKey, queryFn: listSessions });

export const useSessions = () => useQuery(sessionsQuery());

export function revokeSession(sessionId: string) {
  return api.delete(`/api/account/sessions/${encodeURIComponent(sessionId)}`, okResponse);
}

/** POST /api/account/sessions/revoke-others */
export function revokeOtherSessions() {
  return api.post('/api/account/sessions/revoke-others', okResponse);
}

const refreshSessions = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: sessionsQueryKey });

export const useRevokeSession = (ui?: MutationUi) => useEndpointMutation(revokeSession, refreshSessions, ui);

export const useRevokeOtherSessions = (ui?: MutationUi) => useEndpointMutation(() => revokeOtherSessions(), refreshSessions, ui);
