import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequestListResponse } from '@cardstack/shared/admin/schemas';
import type { DesignRequestStatus } from '@cardstack/shared/design-requests/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/requests: custom design and quote requests, optionally of one status. */
export function listRequests(status?: DesignRequestStatus) {
  return api.get(`${adminUrl('requests')}${status ? `?status=${status}` : ''}`, adminRequestListResponse);
}

export const designRequestsQuery = (status?: DesignRequestStatus) =>
  queryOptions({ queryKey: [...adminQueryKey, 'requests', status ?? null], queryFn: () => listRequests(status) });

export const useDesignRequests = (status?: DesignRequestStatus) => useQuery(designRequestsQuery(status));
