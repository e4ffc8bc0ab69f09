import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { defaultLeadConsentText, defaultLeadThankYouMessage, leadConsentText, leadThankYouText } from '@cardstack/shared/cards/schemas';
import { publicCardTexts } from '@cardstack/shared/public-card/schemas';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ToggleSwitch } from '../../../components/ui/toggle-switch';
import type { CardEditorValues } from './card-form';
import { EditorSection } from './editor-section';

/** The lead form on the public page: on or off, the thank-you message and the consent text (empty: the default). */
export function LeadFormSettings() {
  const { control, register, formState } = useFormContext<CardEditorValues>();
  const errors = formState.errors.leadForm;
  const isEnabled = useWatch<CardEditorValues, 'leadForm.isEnabled'>({ name: 'leadForm.isEnabled' });
  return (
    <EditorSection title="Lead form" description="Visitors of your card can leave their details; they arrive in your contacts.">
      <Controller
        control={control}
        name="leadForm.isEnabled"
        render={({ field }) => <ToggleSwitch label="Show the lead form on the card" checked={field.value} onCheckedChange={field.onChange} />}
      />
      {isEnabled ? (
        <>
          <TextareaField
            label="Thank-you message"
            hint={`Shown after a visitor sends the form. Empty: “${defaultLeadThankYouMessage}”`}
            error={errors?.thankYouMessage?.message}
            {...register('leadForm.thankYouMessage')}
          />
          <TextareaField
            label="Consent text"
            hint={`Beside the box visitors tick to agree; stored with each lead. Empty: “${defaultLeadConsentText}”`}
            error={errors?.consentText?.message}
            {...register('leadForm.consentText')}
          />
        </>
      ) : null}
    </EditorSection>
  );
}

/** The lead form as the preview shows it: the fields (not usable here), the consent text and the thank-you message. */
export function LeadFormPreview({ thankYouMessage, consentText }: { thankYouMessage: string; consentText: string }) {
  return (
    <section className="cv-sec" aria-label="Lead form preview">
      <h2 className="cv-h">{publicCardTexts.leadTitle}</h2>
      <div className="flex flex-col gap-2 text-sm" aria-hidden="true">
        {['Name', 'Email', 'Phone', 'Company', 'Message'].map((label) => (
          <div key={label} className="rounded-lg border border-zinc-300 bg-white px-3 py-2 text-zinc-500">
            {label}
          </div>
        ))}
      </div>
      <p className="mt-2 flex items-start gap-2 text-sm">
        <span aria-hidden="true" className="mt-0.5 inline-block h-4 w-4 shrink-0 rounded border border-zinc-400 bg-white" />
        <span>{leadConsentText({ consentText })}</span>
      </p>
      <p className="mt-2 text-sm">
        After sending: <q>{leadThankYouText({ thankYouMessage })}</q>
      </p>
    </section>
  );
}
