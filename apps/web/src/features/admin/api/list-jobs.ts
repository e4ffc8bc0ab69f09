import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminJobListResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/jobs: background jobs by state. */
export function listJobs() {
  return api.get(adminUrl('jobs'), adminJobListResponse);
}

export const adminJobsQuery = () => queryOptions({ queryKey: [...adminQueryKey, 'jobs'], queryFn: () => listJobs() });

export const useAdminJobs = () => useQuery(adminJobsQuery());
