import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountAccess } from '@cardstack/shared/account/access';
import { api } from '../../../lib/api-client';
import { accessQueryKey } from './account-keys';

/* GET /api/account/access and POST …/revoke-all: what still has access after a password change, and ending all of it. */

export function getAccountAccess() {
  return api.get('/api/account/access', accountAccess);
}

export function revokeAllAccess() {
  return api.post('/api/account/access/revoke-all', accountAccess);
}

export const accountAccessQuery = () => queryOptions({ queryKey: accessQueryKey, queryFn: getAccountAccess });

export const useAccountAccess = () => useQuery(accountAccessQuery());
