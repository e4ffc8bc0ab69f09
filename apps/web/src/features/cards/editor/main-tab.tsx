import { useFormContext, useWatch } from 'react-hook-form';
import { InputField } from '../../../components/ui/input-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import type { CardEditorValues } from './card-form';
import { contrastRatio, formatContrast, minimumTextContrast } from './colour-contrast';
import { CardFeatureGate } from './card-feature-gate';
import { ColourField } from './colour-field';
import { EditorSection } from './editor-section';
import { useCardEditorContext } from './editor-context';
import { ImageSetting } from './image-setting';
import { LeadFormSettings } from './lead-form-settings';
import { PageLanguageSetting } from './page-language-setting';
import { UsernameField } from './username-field';

/** The editor's main tab: who the card is for, its address, its images and its colours. */
export default function CardMainTab() {
  const { card } = useCardEditorContext();
  const { register, formState } = useFormContext<CardEditorValues>();
  const { errors } = formState;
  return (
    <>
      <EditorSection title="About you">
        <InputField label="Card title" hint="Names the card in your list of cards." error={errors.title?.message} {...register('title')} />
        <InputField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Job title" autoComplete="organization-title" error={errors.jobTitle?.message} {...register('jobTitle')} />
          <InputField label="Company" autoComplete="organization" error={errors.companyName?.message} {...register('companyName')} />
        </div>
        <TextareaField label="Description" error={errors.description?.message} {...register('description')} />
      </EditorSection>
      <EditorSection title="Public address" description="Choose a memorable username for the link you share.">
        <UsernameField cardId={card.id} savedUsername={card.username} />
      </EditorSection>
      <EditorSection title="Images">
        <ImageSetting slot="cover" image={card.coverImage} />
        <ImageSetting slot="profile" image={card.profilePicture} />
      </EditorSection>
      <EditorSection title="Colours" description="Six-digit hex colours such as #1f2937; 3, 4 and 8 digits work too.">
        <CardFeatureGate feature="design">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <ColourField name="theme.backgroundColor" label="Background colour" />
            <ColourField name="theme.foregroundColor" label="Text colour" />
            <ColourField name="theme.labelColor" label="Accent colour" />
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
  const theme = useWatch<CardEditorValues, 'theme'>({ name: 'theme' });
  const warnings = (
    [
      ['text colour', theme.foregroundColor],
      ['accent colour', theme.labelColor],
    ] as const
  ).flatMap(([name, colour]) => {
    const ratio = contrastRatio(colour, theme.backgroundColor);
    return ratio !== null && ratio < minimumTextContrast
      ? [`The ${name} is hard to read on the background (contrast ${formatContrast(ratio)}; aim for at least ${minimumTextContrast}:1).`]
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
