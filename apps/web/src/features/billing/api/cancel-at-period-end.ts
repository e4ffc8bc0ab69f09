import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingStatus } from '@cardstack/shared/billing/schemas';
import { api } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { billingQueryKey, cardAccessQueryKey } from './billing-keys';

/** POST /api/billing/cancel-at-period-end: "Downgrade to Basic cancels at the end of the billing period." */
export function cancelAtPeriodEnd() {
  return api.post('/api/billing/cancel-at-period-end', billingStatus);
}

export function useCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAtPeriodEnd,
    onSuccess: (status) => {
      queryClient.setQueryData(billingQueryKey, status);
      void refreshSession();
      void queryClient.invalidateQueries({ queryKey: cardAccessQueryKey });
    },
  });
}
