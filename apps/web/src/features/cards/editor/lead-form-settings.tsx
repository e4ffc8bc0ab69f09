import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ToggleSwitch } from '../../../components/ui/toggle-switch';
import { useMessages, type Translate } from '../../../lib/i18n/messages';
import { richText } from '../../../lib/i18n/rich-text';
import type { PageTextId } from '../page-text/messages';
import { usePageText } from '../page-text/use-page-text';
import type { CardEditorValues } from './card-form';
import { EditorSection } from './editor-section';
import { editorMessages } from './messages';

/**
 * The lead form on the public page: on or off, the thank-you message and the consent text (empty: the default,
 * quoted in the language the page will show it in).
 */
export function LeadFormSettings() {
  const t = useMessages(editorMessages);
  const { control, register, formState } = useFormContext<CardEditorValues>();
  const errors = formState.errors.leadForm;
  const isEnabled = useWatch<CardEditorValues, 'leadForm.isEnabled'>({ name: 'leadForm.isEnabled' });
  const pageText = usePageText(useWatch<CardEditorValues, 'pageLanguage'>({ name: 'pageLanguage' }));
  return (
    <EditorSection title={t('leadForm')} description={t('leadFormText')}>
      <Controller
        control={control}
        name="leadForm.isEnabled"
        render={({ field }) => <ToggleSwitch label={t('showLeadForm')} checked={field.value} onCheckedChange={field.onChange} />}
      />
      {isEnabled ? (
        <>
          <TextareaField
            label={t('thankYouMessage')}
            hint={t('thankYouHint', { default: pageText('defaultThankYou') })}
            error={errors?.thankYouMessage?.message}
            {...register('leadForm.thankYouMessage')}
          />
          <TextareaField
            label={t('consentText')}
            hint={t('consentHint', { default: pageText('defaultConsent') })}
            error={errors?.consentText?.message}
            {...register('leadForm.consentText')}
          />
        </>
      ) : null}
    </EditorSection>
  );
}

/**
 * The lead form as the preview shows it: the fields (not usable here), the consent text and the thank-you message,
 * the owner's or the defaults, in the page's words (`pageText`).
 */
export function LeadFormPreview({ thankYouMessage, consentText, pageText }: { thankYouMessage: string; consentText: string; pageText: Translate<PageTextId> }) {
  const t = useMessages(editorMessages);
  return (
    <section className="cv-sec" aria-label={t('leadFormPreview')}>
      <h2 className="cv-h">{pageText('leadTitle')}</h2>
      <div className="flex flex-col gap-2 text-sm" aria-hidden="true">
        {(['fieldName', 'fieldEmail', 'fieldPhone', 'fieldCompany', 'fieldMessage'] as const).map((id) => (
          <div key={id} className="rounded-lg border border-zinc-300 bg-white px-3 py-2 text-zinc-500">
            {pageText(id)}
          </div>
        ))}
      </div>
      <p className="mt-2 flex items-start gap-2 text-sm">
        <span aria-hidden="true" className="mt-0.5 inline-block h-4 w-4 shrink-0 rounded border border-zinc-400 bg-white" />
        <span>{consentText.trim() || pageText('defaultConsent')}</span>
      </p>
      <p className="mt-2 text-sm">{richText(t('afterSending'), { quote: () => <q>{thankYouMessage.trim() || pageText('defaultThankYou')}</q> })}</p>
    </section>
  );
}
