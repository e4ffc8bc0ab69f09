import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserListResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/users: accounts matching the search, first page. */
export function listUsers(search: string) {
  return api.get(`${adminUrl('users')}?${new URLSearchParams({ search, page: '1' })}`, adminUserListResponse);
}

export const adminUsersQuery = (search: string) => queryOptions({ queryKey: [...adminQueryKey, 'users', search], queryFn: () => listUsers(search) });

export const useAdminUsers = (search: string) => useQuery(adminUsersQuery(search));
