import { useFormContext } from 'react-hook-form';
import { InputField } from '../../../components/ui/input-field';
import { useMessages } from '../../../lib/i18n/messages';
import type { CardEditorValues } from './card-form';
import { EditorSection } from './editor-section';
import { editorMessages } from './messages';
import { StringListField } from './string-list-field';

/** The editor's contact-info tab: how people reach the card's owner. */
export default function CardContactInfoTab() {
  const t = useMessages(editorMessages);
  const { register, formState } = useFormContext<CardEditorValues>();
  const { errors } = formState;
  return (
    <>
      <EditorSection title={t('contactDetails')} description={t('contactDetailsText')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label={t('email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <InputField label={t('phone')} type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        </div>
        <InputField label={t('address')} autoComplete="street-address" error={errors.address?.message} {...register('address')} />
        <InputField
          label={t('addressLink')}
          type="url"
          placeholder="https://maps.app.goo.gl/…"
          hint={t('addressLinkHint')}
          error={errors.addressLink?.message}
          {...register('addressLink')}
        />
      </EditorSection>
      <EditorSection title={t('moreEmails')}>
        <StringListField
          name="emails"
          itemLabel={(number) => t('additionalEmail', { number })}
          removeLabel={(number) => t('removeAdditionalEmail', { number })}
          addLabel={t('addEmail')}
          type="email"
          autoComplete="email"
        />
      </EditorSection>
      <EditorSection title={t('morePhones')}>
        <StringListField
          name="phones"
          itemLabel={(number) => t('additionalPhone', { number })}
          removeLabel={(number) => t('removeAdditionalPhone', { number })}
          addLabel={t('addPhone')}
          type="tel"
          autoComplete="tel"
        />
      </EditorSection>
      <EditorSection title={t('moreAddresses')}>
        <StringListField
          name="addresses"
          itemLabel={(number) => t('additionalAddress', { number })}
          removeLabel={(number) => t('removeAdditionalAddress', { number })}
          addLabel={t('addAddress')}
        />
      </EditorSection>
    </>
  );
}
