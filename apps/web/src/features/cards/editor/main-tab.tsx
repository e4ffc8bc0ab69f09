import { useFormContext, useWatch } from 'react-hook-form';
import { InputField } from '../../../components/ui/input-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import type { CardEditorValues } from './card-form';
import { contrastRatio, formatContrast, minimumTextContrast } from './colour-contrast';
import { CardFeatureGate } from './card-feature-gate';
import { ColourField } from './colour-field';
import { EditorSection } from './editor-section';
import { useCardEditorContext } from './editor-context';
import { ImageSetting } from './image-setting';
import { LeadFormSettings } from './lead-form-settings';
import { editorMessages } from './messages';
import { PageLanguageSetting } from './page-language-setting';
import { UsernameField } from './username-field';

/** The editor's main tab: who the card is for, its address, its images and its colours. */
export default function CardMainTab() {
  const t = useMessages(editorMessages);
  const { card } = useCardEditorContext();
  const { register, formState } = useFormContext<CardEditorValues>();
  const { errors } = formState;
  return (
    <>
      <EditorSection title={t('aboutYou')}>
        <InputField label={t('cardTitle')} hint={t('cardTitleHint')} error={errors.title?.message} {...register('title')} />
        <InputField label={t('name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label={t('jobTitle')} autoComplete="organization-title" error={errors.jobTitle?.message} {...register('jobTitle')} />
          <InputField label={t('company')} autoComplete="organization" error={errors.companyName?.message} {...register('companyName')} />
        </div>
        <TextareaField label={t('description')} error={errors.description?.message} {...register('description')} />
      </EditorSection>
      <EditorSection title={t('publicAddress')} description={t('publicAddressText')}>
        <UsernameField cardId={card.id} savedUsername={card.username} />
      </EditorSection>
      <EditorSection title={t('images')}>
        <ImageSetting slot="cover" image={card.coverImage} />
        <ImageSetting slot="profile" image={card.profilePicture} />
      </EditorSection>
      <EditorSection title={t('colours')} description={t('coloursText')}>
        <CardFeatureGate feature="design">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <ColourField name="theme.backgroundColor" label={t('backgroundColour')} pickerLabel={t('backgroundColourPicker')} />
            <ColourField name="theme.foregroundColor" label={t('textColour')} pickerLabel={t('textColourPicker')} />
            <ColourField name="theme.labelColor" label={t('accentColour')} pickerLabel={t('accentColourPicker')} />
          </div>
          <ContrastWarnings />
        </CardFeatureGate>
      </EditorSection>
      <LeadFormSettings />
      <PageLanguageSetting />
    </>
  );
}

/** A hint, not an error: the colours are the owner's choice, but text people cannot read helps no one. */
function ContrastWarnings() {
  const t = useMessages(editorMessages);
  const format = useFormat();
  const theme = useWatch<CardEditorValues, 'theme'>({ name: 'theme' });
  const oneDecimal = (value: number) => format.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const warnings = (
    [
      ['textContrastLow', theme.foregroundColor],
      ['accentContrastLow', theme.labelColor],
    ] as const
  ).flatMap(([messageId, colour]) => {
    const ratio = contrastRatio(colour, theme.backgroundColor);
    return ratio !== null && ratio < minimumTextContrast
      ? [t(messageId, { ratio: formatContrast(ratio, oneDecimal), minimum: format.number(minimumTextContrast) })]
      : [];
  });
  return (
    <div role="status" className="flex flex-col gap-2">
      {warnings.map((warning) => (
        <p key={warning} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {warning}
        </p>
      ))}
    </div>
  );
}
