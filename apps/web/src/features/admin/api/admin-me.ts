import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMeResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/me: whether the signed-in user is an operator (the console shows itself only to them). */
export function getAdminMe() {
  return api.get(adminUrl('me'), adminMeResponse);
}

export const adminMeQuery = () => queryOptions({ queryKey: [...adminQueryKey, 'me'], queryFn: () => getAdminMe() });

export const useAdminMe = () => useQuery(adminMeQuery());
