import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/users/{id}: one account with its grant and card count. */
export function getUser(userId: string) {
  return api.get(adminUrl('users', userId), adminUserResponse);
}

export const getUserQuery = (userId: string) => queryOptions({ queryKey: [...adminQueryKey, 'user', userId], queryFn: () => getUser(userId) });

export const useAdminUser = (userId: string) => useQuery(getUserQuery(userId));
