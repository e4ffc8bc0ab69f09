import { useMutation } from '@tanstack/react-query';
import { redirectResponse, type CheckoutInput } from '@cardstack/shared/billing/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/billing/checkout: starts the provider's checkout; the caller sends the browser to the returned url. */
export function startCheckout(input: CheckoutInput) {
  return api.post('/api/billing/checkout', redirectResponse, input);
}

export const useStartCheckout = () => useMutation({ mutationFn: startCheckout });
