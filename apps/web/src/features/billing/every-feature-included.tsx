import type { ReactNode } from 'react';
import { useBillingStatus } from './api/billing-status';

/**
 * BILLING_PROVIDER=none: this server sells nothing and every account has every feature, so the pricing and
 * payment screens say so instead of offering plans.
 */
export function UnlessEveryFeatureIncluded({ children }: { children: ReactNode }) {
  const status = useBillingStatus();
  if (status.data?.provider !== 'none') return <>{children}</>;
  return (
    <section aria-label="Plans" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200">
      <p className="text-sm text-zinc-800">Every feature is included on this server. There are no plans to choose and nothing to pay.</p>
    </section>
  );
}
