import { adminUrl } from './admin-keys';

/** GET /api/admin/preorder-batches/{id}/csv: the batch for the card printer, downloaded from a plain link. */
export const batchCsvUrl = (batchId: string) => `${adminUrl('preorder-batches', batchId)}/csv`;
