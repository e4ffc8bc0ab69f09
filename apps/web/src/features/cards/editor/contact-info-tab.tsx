import { useFormContext } from 'react-hook-form';
import { InputField } from '../../../components/ui/input-field';
import type { CardEditorValues } from './card-form';
import { EditorSection } from './editor-section';
import { StringListField } from './string-list-field';

/** The editor's contact-info tab: how people reach the card's owner. */
export default function CardContactInfoTab() {
  const { register, formState } = useFormContext<CardEditorValues>();
  const { errors } = formState;
  return (
    <>
      <EditorSection title="Contact details" description="Shown on the card as call, email and map actions, and saved with the contact.">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <InputField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        </div>
        <InputField label="Address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
        <InputField
          label="Address link"
          type="url"
          placeholder="https://maps.app.goo.gl/…"
          hint="A maps link for the address. Without one, the card links to a map search."
          error={errors.addressLink?.message}
          {...register('addressLink')}
        />
      </EditorSection>
      <EditorSection title="More emails">
        <StringListField name="emails" itemLabel="Additional email" addLabel="Add email" type="email" autoComplete="email" />
      </EditorSection>
      <EditorSection title="More phone numbers">
        <StringListField name="phones" itemLabel="Additional phone" addLabel="Add phone number" type="tel" autoComplete="tel" />
      </EditorSection>
      <EditorSection title="More addresses">
        <StringListField name="addresses" itemLabel="Additional address" addLabel="Add address" />
      </EditorSection>
    </>
  );
}
