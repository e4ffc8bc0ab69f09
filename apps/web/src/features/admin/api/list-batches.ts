import { queryOptions, useQuery } from '@tanstack/react-query';
import { preorderBatchListResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/preorder-batches: newest first. */
export function listBatches() {
  return api.get(adminUrl('preorder-batches'), preorderBatchListResponse);
}

export const batchesQuery = () => queryOptions({ queryKey: [...adminQueryKey, 'batches'], queryFn: () => listBatches() });

export const useBatches = () => useQuery(batchesQuery());
