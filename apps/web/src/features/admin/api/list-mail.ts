import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMailListResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/mail: the outbox, newest first. */
export function listMail() {
  return api.get(adminUrl('mail'), adminMailListResponse);
}

export const adminMailQuery = () => queryOptions({ queryKey: [...adminQueryKey, 'mail'], queryFn: () => listMail() });

export const useAdminMail = () => useQuery(adminMailQuery());
