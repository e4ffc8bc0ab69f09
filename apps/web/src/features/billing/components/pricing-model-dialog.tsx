import type { CheckoutInput } from '@cardstack/shared/billing/schemas';
import { planTitles } from '@cardstack/shared/plans/plans';
import { isTeamTier } from '@cardstack/shared/plans/prices';
import { useMessages } from '../../../lib/i18n/messages';
import { billingMessages } from '../messages';
import { PlanChangeDialog, type PlanChangeQuestionProps } from './plan-change-dialog';

/** Asks before a Teams user changes size or billing period: the new subscription replaces the current one. */
export function PricingModelDialog({ checkout, ...question }: PlanChangeQuestionProps & { checkout: CheckoutInput }) {
  const t = useMessages(billingMessages);
  return (
    <PlanChangeDialog texts={{ title: t('pricingModelTitle'), cancel: t('pricingModelCancel'), confirm: t('pricingModelConfirm') }} {...question}>
      <p>
        {checkout.plan === 'team' && isTeamTier(checkout.size)
          ? t(checkout.period === 'year' ? 'switchTeamYearly' : 'switchTeamMonthly', { plan: planTitles.team, size: checkout.size })
          : null}
      </p>
    </PlanChangeDialog>
  );
}
