import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminHealthResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/health: the database, storage and mail, each reachable or not. */
export function getInstanceHealth() {
  return api.get(adminUrl('health'), adminHealthResponse);
}

export const instanceHealthQuery = () => queryOptions({ queryKey: [...adminQueryKey, 'health'], queryFn: () => getInstanceHealth() });

export const useInstanceHealth = () => useQuery(instanceHealthQuery());
