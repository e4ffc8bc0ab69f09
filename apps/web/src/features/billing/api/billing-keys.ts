import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../../lib/session';

export const billingQueryKey = ['billing'] as const;
export const cardAccessQueryKey = ['billing', 'card-access'] as const;
/** Outside `billing`: a plan change does not change the prices. */
export const billingPricesQueryKey = ['billing-prices'] as const;

/** After a checkout round trip the plan may have changed: everything that depends on it is read again. */
export function useRefreshPlan() {
  const queryClient = useQueryClient();
  return useCallback(() => Promise.all([queryClient.invalidateQueries({ queryKey: billingQueryKey }), refreshSession()]), [queryClient]);
}
