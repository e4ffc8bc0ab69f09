import { useFormContext } from 'react-hook-form';
import { LanguageOptions } from '../../../components/language-options';
import { FieldFrame } from '../../../components/ui/field-frame';
import { useMessages } from '../../../lib/i18n/messages';
import type { CardEditorValues } from './card-form';
import { EditorSection } from './editor-section';
import { editorMessages } from './messages';

/** The language of the public page's own words (buttons, the form, the pages beside it): the visitor's, or one fixed. */
export function PageLanguageSetting() {
  const t = useMessages(editorMessages);
  const { register, formState } = useFormContext<CardEditorValues>();
  return (
    <EditorSection title={t('language')} description={t('languageText')}>
      <FieldFrame label={t('pageLanguage')} error={formState.errors.pageLanguage?.message}>
        {(control) => (
          <select {...control} {...register('pageLanguage')}>
            <option value="">{t('visitorLanguage')}</option>
            <LanguageOptions />
          </select>
        )}
      </FieldFrame>
    </EditorSection>
  );
}
