import type { CheckoutInput } from '@cardstack/shared/billing/schemas';
import { pricingModelChangeDialogTexts } from '@cardstack/shared/plans/plan-texts';
import { planTitles } from '@cardstack/shared/plans/plans';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { teamSizeLabel } from '../plan-catalog';

/** Asks before a Teams user changes size or billing period: the new subscription replaces the current one. */
export function PricingModelDialog({
  checkout,
  isBusy,
  onCancel,
  onConfirm,
}: {
  checkout: CheckoutInput;
  isBusy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && !isBusy && onCancel()}
      title={pricingModelChangeDialogTexts.title}
      cancelLabel={pricingModelChangeDialogTexts.cancel}
      confirmLabel={pricingModelChangeDialogTexts.confirm}
      isBusy={isBusy}
      onConfirm={onConfirm}
    >
      <p>
        {checkout.plan === 'team'
          ? `You switch to ${planTitles.team} for ${teamSizeLabel(checkout.size).toLowerCase()}, paid ${checkout.period === 'year' ? 'yearly' : 'monthly'}. Your current subscription ends when the new one starts.`
          : null}
      </p>
    </ConfirmDialog>
  );
}
