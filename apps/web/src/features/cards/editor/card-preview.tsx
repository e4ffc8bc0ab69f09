import { useWatch } from 'react-hook-form';
import { CardView, cardViewCss } from '@cardstack/card-view/card-view';
import { textDirection, isLocale } from '@cardstack/shared/i18n/locales';
import type { Card } from '@cardstack/shared/cards/schemas';
import { useMessages } from '../../../lib/i18n/messages';
import { cardsMessages } from '../messages';
import { cardViewLabelsOf, usePageText } from '../page-text/use-page-text';
import { toPreviewCard, type CardEditorValues } from './card-form';
import { LeadFormPreview } from './lead-form-settings';

/**
 * The card exactly as its public page renders it, from the unsaved form values; updates while typing. Its words
 * are the page's: in the page language the owner fixed, else in the app's.
 */
export function CardPreview({ card }: { card: Card }) {
  const t = useMessages(cardsMessages);
  const values = useWatch<CardEditorValues>() as Partial<CardEditorValues>;
  const pageLanguage = values.pageLanguage ?? card.pageLanguage;
  const pageText = usePageText(pageLanguage);
  const fixedLanguage = pageLanguage && isLocale(pageLanguage) ? pageLanguage : undefined;
  return (
    // Light in a dark app too: the card shows in its owner's colours (styles.css, dark mode).
    <div data-theme="light" className="rounded-2xl bg-zinc-100 p-3 sm:p-4" lang={fixedLanguage} dir={fixedLanguage ? textDirection(fixedLanguage) : undefined}>
      <style>{cardViewCss}</style>
      <CardView
        card={toPreviewCard(values, card)}
        labels={cardViewLabelsOf(pageText, t('yourName'))}
        mode="preview"
        footer={
          (values.leadForm?.isEnabled ?? card.leadForm.isEnabled) ? (
            <LeadFormPreview
              thankYouMessage={values.leadForm?.thankYouMessage ?? card.leadForm.thankYouMessage}
              consentText={values.leadForm?.consentText ?? card.leadForm.consentText}
              pageText={pageText}
            />
          ) : null
        }
      />
    </div>
  );
}
