import { queryOptions, useQuery } from '@tanstack/react-query';
import { importJobResponse } from '@cardstack/shared/teams/schemas';
import { api } from '../../../lib/api-client';
import { importJobQueryKey } from './team-keys';

/** GET /api/teams/imports/{id}: the import job's progress and report. */
export async function getImportJob(jobId: string) {
  return (await api.get(`/api/teams/imports/${encodeURIComponent(jobId)}`, importJobResponse)).job;
}

/** The job, polled every half second until it has finished. */
export const importJobQuery = (jobId: string | null) =>
  queryOptions({
    queryKey: importJobQueryKey(jobId ?? ''),
    queryFn: () => getImportJob(jobId!),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 500;
    },
  });

export const useImportJob = (jobId: string | null) => useQuery(importJobQuery(jobId));
