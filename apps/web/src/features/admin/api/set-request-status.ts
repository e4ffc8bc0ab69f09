import { okResponse } from '@cardstack/shared/http/answers';
import type { DesignRequestStatus } from '@cardstack/shared/design-requests/schemas';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { adminQueryKey, adminUrl } from './admin-keys';

/** PUT /api/admin/requests/{id}/status */
export function setRequestStatus(requestId: string, status: DesignRequestStatus) {
  return api.put(`${adminUrl('requests', requestId)}/status`, okResponse, { status });
}

export const useSetRequestStatus = (ui?: MutationUi) =>
  useEndpointMutation(
    ({ id, status }: { id: string; status: DesignRequestStatus }) => setRequestStatus(id, status),
    (queryClient) => queryClient.invalidateQueries({ queryKey: [...adminQueryKey, 'requests'] }),
    ui,
  );
