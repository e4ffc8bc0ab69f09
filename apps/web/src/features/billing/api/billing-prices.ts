import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingPricesResponse } from '@cardstack/shared/billing/schemas';
import { api } from '../../../lib/api-client';
import { billingPricesQueryKey } from './billing-keys';

/**
 * GET /api/billing/prices: what each plan, period and Teams size costs, in the operator's currency (the
 * payment provider's prices as the server last read them, or the built-in list); `prices` is null when unknown.
 */
export function getBillingPrices() {
  return api.get('/api/billing/prices', billingPricesResponse);
}

/** The server refreshes them daily, so one read per visit is plenty. */
export const billingPricesQuery = () =>
  queryOptions({ queryKey: billingPricesQueryKey, queryFn: getBillingPrices, staleTime: 60 * 60_000 });

export const useBillingPrices = () => useQuery(billingPricesQuery());
