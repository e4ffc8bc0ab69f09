import type { BillingStatus } from '@cardstack/shared/billing/schemas';
import { planTitles, type UserPlan } from '@cardstack/shared/plans/plans';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { richText } from '../../../lib/i18n/rich-text';
import type { CheckoutMemory } from '../checkout-memory';
import { longDay } from '../long-day';
import { billingMessages } from '../messages';

/** Back from the provider's checkout: `?checkout=success|canceled`, and what was chosen before leaving. */
export interface CheckoutReturn {
  result: 'success' | 'canceled';
  memory: CheckoutMemory | null;
}

/** What became of the checkout the person is back from: cancelled, being confirmed, or the new plan. */
export function CheckoutResult({
  returned,
  expectedPlan,
  status,
  isConfirming,
}: {
  returned: CheckoutReturn | null;
  /** The plan the checkout was for, when the memory of it survived the round trip. */
  expectedPlan: UserPlan | null;
  status: BillingStatus | undefined;
  isConfirming: boolean;
}) {
  const t = useMessages(billingMessages);
  const format = useFormat();
  if (!returned) return null;
  const box = 'rounded-2xl p-4 text-sm ring-1';
  if (returned.result === 'canceled') {
    return (
      <p role="status" className={`${box} bg-zinc-50 ring-zinc-200`}>
        {t('checkoutCanceled')}
      </p>
    );
  }
  if (isConfirming) {
    return (
      <p role="status" className={`${box} flex items-center gap-3 bg-zinc-50 ring-zinc-200`}>
        <Spinner className="h-4 w-4" label={t('confirming')} /> {t('confirmingPayment')}
      </p>
    );
  }
  if (!status || (expectedPlan !== null && status.plan !== expectedPlan)) {
    return (
      <p role="status" className={`${box} bg-amber-50 ring-amber-200`}>
        {t('paymentProcessing')}
      </p>
    );
  }
  if (returned.memory?.kind === 'downgrade') return null;
  const trialEnd = status.subscription?.status === 'trialing' ? status.subscription.trialEnd : null;
  const plan = returned.memory?.planTitle ?? planTitles[status.plan];
  return (
    <p role="status" className={`${box} bg-emerald-50 ring-emerald-200`}>
      {richText(trialEnd ? t('nowOnPlanTrialEnds', { plan, day: format.date(trialEnd, longDay) }) : t('nowOnPlan', { plan }), {
        strong: (text) => <strong>{text}</strong>,
      })}
    </p>
  );
}
