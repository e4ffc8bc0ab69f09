import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingStatus } from '@cardstack/shared/billing/schemas';
import { api } from '../../../lib/api-client';
import { billingQueryKey } from './billing-keys';

/** GET /api/billing: the plan, the current subscription and what the pricing screen needs to decide what Next does. */
export function getBillingStatus() {
  return api.get('/api/billing', billingStatus);
}

export const billingStatusQuery = (options: { refetchInterval?: number | false } = {}) =>
  queryOptions({ queryKey: billingQueryKey, queryFn: getBillingStatus, refetchInterval: options.refetchInterval ?? false });

export const useBillingStatus = (options: { refetchInterval?: number | false } = {}) => useQuery(billingStatusQuery(options));
