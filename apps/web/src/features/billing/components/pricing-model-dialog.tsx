import type { CheckoutInput } from '@cardstack/shared/billing/schemas';
import { pricingModelChangeDialogTexts } from '@cardstack/shared/plans/plan-texts';
import { planTitles } from '@cardstack/shared/plans/plans';
import { teamSizeLabel } from '../plan-catalog';
import { PlanChangeDialog, type PlanChangeQuestionProps } from './plan-change-dialog';

/** Asks before a Teams user changes size or billing period: the new subscription replaces the current one. */
export function PricingModelDialog({ checkout, ...question }: PlanChangeQuestionProps & { checkout: CheckoutInput }) {
  return (
    <PlanChangeDialog texts={pricingModelChangeDialogTexts} {...question}>
      <p>
        {checkout.plan === 'team'
          ? `You switch to ${planTitles.team} for ${teamSizeLabel(checkout.size).toLowerCase()}, paid ${checkout.period === 'year' ? 'yearly' : 'monthly'}. Your current subscription ends when the new one starts.`
          : null}
      </p>
    </PlanChangeDialog>
  );
}
