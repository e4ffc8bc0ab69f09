import { queryOptions, useQuery } from '@tanstack/react-query';
import { preorderStatusResponse } from '@cardstack/shared/physical-cards/schemas';
import { api } from '../../../lib/api-client';
import { preorderUrl } from './physical-card-keys';

/** GET /api/physical-cards/preorders/{id}: what the activation page shows before anyone signs in. */
export async function getPreorderStatus(preorderId: string) {
  return (await api.get(preorderUrl(preorderId), preorderStatusResponse)).preorder;
}

export const preorderStatusQuery = (preorderId: string) =>
  queryOptions({ queryKey: ['preorder', preorderId], queryFn: () => getPreorderStatus(preorderId), retry: false });

export const usePreorderStatus = (preorderId: string) => useQuery(preorderStatusQuery(preorderId));
