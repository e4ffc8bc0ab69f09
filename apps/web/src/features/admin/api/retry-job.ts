import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { adminUrl } from './admin-keys';
import { adminJobsQuery } from './list-jobs';

/** POST /api/admin/jobs/{id}/retry: a failed or dead job is queued again. */
export function retryJob(jobId: string) {
  return api.post(`${adminUrl('jobs', jobId)}/retry`, okResponse);
}

export const useRetryJob = (ui?: MutationUi) =>
  useEndpointMutation(retryJob, (queryClient) => queryClient.invalidateQueries({ queryKey: adminJobsQuery().queryKey }), ui);
