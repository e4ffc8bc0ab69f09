import type { ReactNode } from 'react';
import { useMessages } from '../../lib/i18n/messages';
import { useBillingStatus } from './api/billing-status';
import { billingMessages } from './messages';

/**
 * BILLING_PROVIDER=none: this server sells nothing and every account has every feature, so the pricing and
 * payment screens say so instead of offering plans.
 */
export function UnlessEveryFeatureIncluded({ children }: { children: ReactNode }) {
  const t = useMessages(billingMessages);
  const status = useBillingStatus();
  if (status.data?.provider !== 'none') return <>{children}</>;
  return (
    <section aria-label={t('plans')} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200">
      <p className="text-sm text-zinc-800">{t('everyFeatureIncluded')}</p>
    </section>
  );
}
