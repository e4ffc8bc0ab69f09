import { okResponse } from '@cardstack/shared/http/answers';
import type { DesignRequestStatus } from '@cardstack/shared/design-requests/schemas';
import { api } from '../../../lib/api-client';
import { adminUrl } from './admin-keys';

/** PUT /api/admin/requests/{id}/status */
export function setRequestStatus(requestId: string, status: DesignRequestStatus) {
  return api.put(`${adminUrl('requests', requestId)}/status`, okResponse, { status });
}
