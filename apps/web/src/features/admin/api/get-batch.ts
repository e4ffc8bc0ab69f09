import { queryOptions, useQuery } from '@tanstack/react-query';
import { preorderBatchDetailResponse } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/** GET /api/admin/preorder-batches/{id}: the batch and each of its cards. */
export function getBatch(batchId: string) {
  return api.get(adminUrl('preorder-batches', batchId), preorderBatchDetailResponse);
}

export const batchQuery = (batchId: string) => queryOptions({ queryKey: [...adminQueryKey, 'batch', batchId], queryFn: () => getBatch(batchId) });

export const useBatch = (batchId: string) => useQuery(batchQuery(batchId));
