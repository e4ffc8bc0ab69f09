import { preorderBatchDetailResponse, type PreorderBatchInput } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminUrl } from './admin-keys';

/** POST /api/admin/preorder-batches: N pre-orders for a product, each with its activation address. */
export function createBatch(input: PreorderBatchInput) {
  return api.post(adminUrl('preorder-batches'), preorderBatchDetailResponse, input);
}
