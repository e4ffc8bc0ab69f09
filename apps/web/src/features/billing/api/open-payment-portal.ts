import { useMutation } from '@tanstack/react-query';
import { redirectResponse } from '@cardstack/shared/billing/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/billing/portal: the provider's page for invoices and payment methods. */
export function openPaymentPortal() {
  return api.post('/api/billing/portal', redirectResponse);
}

export const useOpenPaymentPortal = () => useMutation({ mutationFn: openPaymentPortal });
