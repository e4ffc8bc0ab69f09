import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingStatus, CardAccessResponse, CheckoutInput, RedirectResponse } from '@cardstack/shared/billing/schemas';
import { api } from '../../lib/api-client';
import { refreshSession } from '../../lib/session';

const billingQueryKey = ['billing'] as const;
export const cardAccessQueryKey = ['billing', 'card-access'] as const;

/** The plan, the current subscription and what the pricing screen needs to decide what Next does. */
export function useBillingStatus(options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: billingQueryKey,
    queryFn: () => api.get<BillingStatus>('/api/billing'),
    refetchInterval: options.refetchInterval ?? false,
  });
}

/**
 * Which of the user's cards are blocked by the plan's card limit and whether another may be created (both depend on
 * the plan, the card count and the account's dates). The cards list marks `blockedCardIds`; the create button
 * follows `canCreateCard`.
 */
export function useCardAccess() {
  return useQuery({ queryKey: cardAccessQueryKey, queryFn: () => api.get<CardAccessResponse>('/api/billing/card-access') });
}

/** Starts the provider's checkout; the caller sends the browser to the returned url. */
export function useStartCheckout() {
  return useMutation({ mutationFn: (input: CheckoutInput) => api.post<RedirectResponse>('/api/billing/checkout', input) });
}

export function useOpenPaymentPortal() {
  return useMutation({ mutationFn: () => api.post<RedirectResponse>('/api/billing/portal') });
}

/** "Downgrade to Basic cancels at the end of the billing period." */
export function useCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BillingStatus>('/api/billing/cancel-at-period-end'),
    onSuccess: (status) => {
      queryClient.setQueryData(billingQueryKey, status);
      void refreshSession();
      void queryClient.invalidateQueries({ queryKey: cardAccessQueryKey });
    },
  });
}

/** After a checkout round trip the plan may have changed: everything that depends on it is read again. */
export function useRefreshPlan() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingQueryKey }),
        refreshSession(),
      ]),
    [queryClient],
  );
}
