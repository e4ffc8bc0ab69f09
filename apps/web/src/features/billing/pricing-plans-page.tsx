import { useId } from 'react';
import { planTitles } from '@cardstack/shared/plans/plans';
import { PaidFeatureGate } from '../../components/paid-feature-gate';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useFormat } from '../../lib/i18n/format';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { useBillingStatus } from './api/billing-status';
import { useOpenPaymentPortal } from './api/open-payment-portal';
import { UnlessEveryFeatureIncluded } from './every-feature-included';
import { longDay } from './long-day';
import { billingMessages } from './messages';
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
  const t = useMessages(billingMessages);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('paymentDetails')}
      </h2>
      <PaidFeatureGate group="subscribed_and_team" preview={<SubscriptionSummaryPreview />}>
        <SubscriptionSummary />
      </PaidFeatureGate>
    </section>
  );
}

function SubscriptionSummary() {
  const t = useMessages(billingMessages);
  const format = useFormat();
  const status = useBillingStatus();
  const portal = useOpenPaymentPortal();
  const subscription = status.data?.subscription;

  async function openPortal() {
    try {
      const { url } = await portal.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      // "No url returned" when the payment portal gives no link back (the server's message).
      notify.alert(error instanceof ApiError ? error.message : t('portalNotOpened'));
    }
  }

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200">
      {subscription ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="font-medium">{t('plan')}</dt>
          <dd>
            {subscription.size
              ? t('planWithSize', { plan: planTitles[subscription.plan], size: subscription.size })
              : planTitles[subscription.plan]}
          </dd>
          <dt className="font-medium">{t('price')}</dt>
          <dd>
            {/* The unit amount times the quantity, in the currency's minor units (yen have none). */}
            {t(subscription.period === 'year' ? 'pricePerYear' : 'pricePerMonth', {
              price: format.price(subscription.unitAmount * subscription.quantity, subscription.currency),
            })}
          </dd>
          <dt className="font-medium">
            {subscription.cancelAtPeriodEnd ? t('endsOn') : subscription.status === 'trialing' ? t('trialEndsOn') : t('renewsOn')}
          </dt>
          <dd>{format.date(subscription.currentPeriodEnd, longDay)}</dd>
        </dl>
      ) : (
        <p className="text-sm text-zinc-700">{t('paymentDetailsAtProvider')}</p>
      )}
      <Button className="mt-4" variant="secondary" onClick={() => void openPortal()} isLoading={portal.isPending}>
        {t('managePaymentDetails')}
      </Button>
    </div>
  );
}

/** What sits dimmed behind the paid-feature overlay: the shape of the panel, no data. */
function SubscriptionSummaryPreview() {
  const t = useMessages(billingMessages);
  return (
    <div className="rounded-2xl bg-white p-6">
      <p className="text-sm">{t('subscriptionSummaryPreview')}</p>
      <p className="mt-4 inline-block rounded-lg px-4 py-2 text-sm ring-1 ring-zinc-300">{t('managePaymentDetails')}</p>
    </div>
  );
}
