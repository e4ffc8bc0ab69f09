import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminErrorListResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/errors: the latest server errors. */
export function listErrors() {
  return api.get(adminUrl('errors'), adminErrorListResponse);
}

export const adminErrorsQuery = () => queryOptions({ queryKey: [...adminQueryKey, 'errors'], queryFn: () => listErrors() });

export const useAdminErrors = () => useQuery(adminErrorsQuery());
