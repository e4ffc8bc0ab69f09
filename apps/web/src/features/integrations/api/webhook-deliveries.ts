import { queryOptions, useQuery } from '@tanstack/react-query';
import { deliveryListResponse } from '@cardstack/shared/integrations/schemas';
import { api } from '../../../lib/api-client';
import { integrationsKeys, integrationsUrl } from './integrations-keys';

/** GET /api/integrations/webhooks/{id}/deliveries: the latest attempts, with status and answer. */
export function listDeliveries(hookId: string) {
  return api.get(`${integrationsUrl('webhooks', hookId)}/deliveries`, deliveryListResponse);
}

export const deliveriesQuery = (hookId: string) => queryOptions({ queryKey: integrationsKeys.deliveries(hookId), queryFn: () => listDeliveries(hookId) });

export const useDeliveries = (hookId: string) => useQuery(deliveriesQuery(hookId));
