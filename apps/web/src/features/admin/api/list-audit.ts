import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminAuditListResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/audit: the operators' own actions, newest first. */
export function listAudit() {
  return api.get(adminUrl('audit'), adminAuditListResponse);
}

export const adminAuditQuery = () => queryOptions({ queryKey: [...adminQueryKey, 'audit'], queryFn: () => listAudit() });

export const useAdminAudit = () => useQuery(adminAuditQuery());
