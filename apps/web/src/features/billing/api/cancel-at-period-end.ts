import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingStatus } from '@cardstack/shared/billing/schemas';
import { api } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { billingQueryKey, cardAccessQueryKey } from './billing-keys';

/** What the person agreed to: the downgrade dialog's lines as they read them (the mail repeats them). */
export interface CancelAtPeriodEndInput {
  impacts: string[];
}

/** POST /api/billing/cancel-at-period-end: "Downgrade to Basic cancels at the end of the billing period." */
export function cancelAtPeriodEnd(input: CancelAtPeriodEndInput) {
  return api.post('/api/billing/cancel-at-period-end', billingStatus, input);
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
