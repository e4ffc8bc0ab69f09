import { useFormContext } from 'react-hook-form';
import { LanguageOptions } from '../../../components/language-options';
import { FieldFrame } from '../../../components/ui/field-frame';
import type { CardEditorValues } from './card-form';
import { EditorSection } from './editor-section';

/** The language of the public page's own words (buttons, the form, the pages beside it): the visitor's, or one fixed. */
export function PageLanguageSetting() {
  const { register, formState } = useFormContext<CardEditorValues>();
  return (
    <EditorSection title="Language" description="The buttons, the form and the other words of your card’s page. What you write on your card stays as you write it.">
      <FieldFrame label="Page language" error={formState.errors.pageLanguage?.message}>
        {(control) => (
          <select {...control} {...register('pageLanguage')}>
            <option value="">Each visitor’s own language</option>
            <LanguageOptions />
          </select>
        )}
      </FieldFrame>
    </EditorSection>
  );
}
