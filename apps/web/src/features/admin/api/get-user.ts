import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { adminUserResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/users/{id}: one account with its grant and card count. */
export function getUser(userId: string) {
  return api.get(adminUrl('users', userId), adminUserResponse);
}

export const adminUserQuery = (userId: string) => queryOptions({ queryKey: [...adminQueryKey, 'user', userId], queryFn: () => getUser(userId) });

export const useAdminUser = (userId: string) => useQuery(adminUserQuery(userId));

/** After a change to an account: its detail shows the server's answer, the list is read again. */
export function rememberUser(queryClient: QueryClient, userId: string, updated: Awaited<ReturnType<typeof getUser>>) {
  queryClient.setQueryData(adminUserQuery(userId).queryKey, updated);
  return queryClient.invalidateQueries({ queryKey: [...adminQueryKey, 'users'] });
}
