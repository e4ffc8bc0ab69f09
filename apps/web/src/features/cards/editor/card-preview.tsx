import { useWatch } from 'react-hook-form';
import { CardView, cardViewCss } from '@cardstack/card-view/card-view';
import type { Card } from '@cardstack/shared/cards/schemas';
import { toPreviewCard, type CardEditorValues } from './card-form';
import { LeadFormPreview } from './lead-form-settings';

/** The card exactly as its public page renders it, from the unsaved form values; updates while typing. */
export function CardPreview({ card }: { card: Card }) {
  const values = useWatch<CardEditorValues>() as Partial<CardEditorValues>;
  return (
    <div className="rounded-2xl bg-zinc-100 p-3 sm:p-4">
      <style>{cardViewCss}</style>
      <CardView
        card={toPreviewCard(values, card)}
        mode="preview"
        footer={
          (values.leadForm?.isEnabled ?? card.leadForm.isEnabled) ? (
            <LeadFormPreview
              thankYouMessage={values.leadForm?.thankYouMessage ?? card.leadForm.thankYouMessage}
              consentText={values.leadForm?.consentText ?? card.leadForm.consentText}
            />
          ) : null
        }
      />
    </div>
  );
}
