import { useId } from 'react';
import { planTitles } from '@cardstack/shared/plans/plans';
import { formatPrice } from '@cardstack/shared/plans/prices';
import { PaidFeatureGate } from '../../components/paid-feature-gate';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useBillingStatus } from './api/billing-status';
import { useOpenPaymentPortal } from './api/open-payment-portal';
import { UnlessEveryFeatureIncluded } from './every-feature-included';
import { formatDay } from './format-day';
import { PricingScreen } from './pricing-screen';

/** Settings → pricing-plans: the pricing screen, and the payment portal for those who pay. */
export default function PricingPlansPage() {
  return (
    <UnlessEveryFeatureIncluded>
      <div className="flex flex-col gap-10">
        <PricingScreen headingLevel="h2" />
        <PaymentDetails />
      </div>
    </UnlessEveryFeatureIncluded>
  );
}

function PaymentDetails() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        Payment details
      </h2>
      <PaidFeatureGate group="subscribed_and_team" preview={<SubscriptionSummaryPreview />}>
        <SubscriptionSummary />
      </PaidFeatureGate>
    </section>
  );
}

function SubscriptionSummary() {
  const status = useBillingStatus();
  const portal = useOpenPaymentPortal();
  const subscription = status.data?.subscription;

  async function openPortal() {
    try {
      const { url } = await portal.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      // "No url returned" when the payment portal gives no link back (the server's message).
      notify.alert(error instanceof ApiError ? error.message : 'The payment portal could not be opened. Please try again.');
    }
  }

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200">
      {subscription ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="font-medium">Plan</dt>
          <dd>
            {planTitles[subscription.plan]}
            {subscription.size ? `, up to ${subscription.size} cards` : ''}
          </dd>
          <dt className="font-medium">Price</dt>
          <dd>
            {/* The unit amount times the quantity, in the currency's minor units (yen have none). */}
            {formatPrice({ unitAmount: subscription.unitAmount * subscription.quantity, currency: subscription.currency })}{' '}
            {subscription.period === 'year' ? 'per year' : 'per month'}
          </dd>
          <dt className="font-medium">{subscription.cancelAtPeriodEnd ? 'Ends on' : subscription.status === 'trialing' ? 'Free trial ends on' : 'Renews on'}</dt>
          <dd>{formatDay(subscription.currentPeriodEnd)}</dd>
        </dl>
      ) : (
        <p className="text-sm text-zinc-700">Your payment details and invoices are kept by the payment provider.</p>
      )}
      <Button className="mt-4" variant="secondary" onClick={() => void openPortal()} isLoading={portal.isPending}>
        Manage payment details
      </Button>
    </div>
  );
}

/** What sits dimmed behind the paid-feature overlay: the shape of the panel, no data. */
function SubscriptionSummaryPreview() {
  return (
    <div className="rounded-2xl bg-white p-6">
      <p className="text-sm">Plan, price and renewal date</p>
      <p className="mt-4 inline-block rounded-lg px-4 py-2 text-sm ring-1 ring-zinc-300">Manage payment details</p>
    </div>
  );
}
