import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  cardFinishes,
  cardMaterials,
  customDesignInput,
  designHoneypotField,
  designRequestTexts,
  maxDesignUploadBytes,
  quoteInput,
  type QuoteInput,
} from '@cardstack/shared/design-requests/schemas';
import { Button } from '../../components/ui/button';
import { FieldFrame } from '../../components/ui/field-frame';
import { FormAlert } from '../../components/ui/form-alert';
import { InputField } from '../../components/ui/input-field';
import { TextareaField } from '../../components/ui/textarea-field';
import { formErrorOf, showServerError } from '../../lib/form-errors';
import { useMessages, type Translate } from '../../lib/i18n/messages';
import { requestCustomDesign } from './api/request-custom-design';
import { requestQuote } from './api/request-quote';
import { useCardOptionLabels } from './card-option-labels';
import { designRequestMessages } from './messages';

const acceptedUploads = '.png,.jpg,.jpeg,.svg,.pdf,image/png,image/jpeg,image/svg+xml,application/pdf';

/** A chosen file (or none): refused in the browser when it is over the server's own limit. */
const upload = z
  .custom<FileList | undefined>()
  .refine((files) => !files?.[0] || files[0].size <= maxDesignUploadBytes, designRequestTexts.uploadTooLarge);
const customDesignForm = customDesignInput.extend({ logo: upload, artwork: upload });
type CustomDesignFormValues = z.input<typeof customDesignForm>;

const contactFieldNames = ['name', 'email', 'phone', 'company', 'notes'] as const;
type SharedFieldName = (typeof contactFieldNames)[number] | typeof designHoneypotField;

/** What the shared parts of both forms need of either form: its register and its errors, for the shared fields. */
interface SharedFieldsProps {
  t: Translate<keyof typeof designRequestMessages.english>;
  register: (name: SharedFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<SharedFieldName, { message?: string }>>;
}

/**
 * /custom-design-form: the public form for a printed NFC card of one's own design (contact details, quantity,
 * material and finish, logo and artwork, notes), and with `?request=quote` the quote form for more than 250
 * Teams cards. Both are sent to the operator; the page thanks the visitor.
 */
export function CustomDesignFormPage() {
  const t = useMessages(designRequestMessages);
  const [params, setParams] = useSearchParams();
  const isQuote = params.get('request') === 'quote';
  const [sent, setSent] = useState<string>();

  const title = isQuote ? t('quoteTitle') : t('customDesignTitle');
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-zinc-900">{title}</h1>
        <p className="text-zinc-700">
          {isQuote ? t('quoteIntro') : t('customDesignIntro')}
        </p>
        <nav aria-label={t('requestType')} className="flex gap-4 text-sm">
          <button type="button" className="font-semibold text-brand-700 underline" aria-pressed={!isQuote} onClick={() => setParams({})}>
            {t('customDesignTitle')}
          </button>
          <button type="button" className="font-semibold text-brand-700 underline" aria-pressed={isQuote} onClick={() => setParams({ request: 'quote' })}>
            {t('quoteTitle')}
          </button>
        </nav>
      </header>
      {sent ? (
        <section role="status" className="rounded-xl bg-white p-6 shadow-sm">
          <p className="text-lg font-semibold text-zinc-900">{sent}</p>
          <Link className="mt-4 inline-block font-semibold text-brand-700 underline" to="/">
            {t('goToApp')}
          </Link>
        </section>
      ) : (
        isQuote ? <QuoteForm t={t} onSent={setSent} /> : <OrderForm t={t} onSent={setSent} />
      )}
    </main>
  );
}

export default CustomDesignFormPage;

/** The fields both requests share, for either form. */
function ContactFields({ t, register: field, errors, isCompanyRequired }: SharedFieldsProps & { isCompanyRequired: boolean }) {
  return (
    <>
      <InputField label={t('name')} autoComplete="name" required error={errors.name?.message} {...field('name')} />
      <InputField label={t('email')} type="email" autoComplete="email" required error={errors.email?.message} {...field('email')} />
      <InputField label={t('phone')} type="tel" autoComplete="tel" error={errors.phone?.message} {...field('phone')} />
      <InputField label={t('company')} autoComplete="organization" required={isCompanyRequired} error={errors.company?.message} {...field('company')} />
    </>
  );
}

/** The rest of either form: notes, the field only bots fill in, and the button. */
function NotesAndSend({ t, register, errors, isSending }: SharedFieldsProps & { isSending: boolean }) {
  return (
    <>
      <TextareaField label={t('notes')} error={errors.notes?.message} {...register('notes')} />
      {/* Left empty by people, who never see it; bots fill it in. */}
      <div aria-hidden="true" className="hidden">
        <label>
          Website
          <input tabIndex={-1} autoComplete="off" {...register(designHoneypotField)} />
        </label>
      </div>
      <Button type="submit" isLoading={isSending} className="self-start">
        {t('sendRequest')}
      </Button>
    </>
  );
}

const emptyContact = { name: '', email: '', phone: '', company: '', notes: '', [designHoneypotField]: '' };

function QuoteForm({ t, onSent }: Pick<SharedFieldsProps, 't'> & { onSent: (message: string) => void }) {
  const { register, handleSubmit, setError, formState } = useForm<QuoteInput>({
    resolver: zodResolver(quoteInput),
    defaultValues: { ...emptyContact, cardCount: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      onSent((await requestQuote(values)).message);
    } catch (error) {
      showServerError(error, setError, [...contactFieldNames, 'cardCount']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="rounded-xl bg-white p-6 shadow-sm">
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <FormAlert message={formErrorOf(formState.errors)} />
        <ContactFields t={t} register={register} errors={formState.errors} isCompanyRequired />
        <InputField label={t('numberOfCards')} type="number" min={1} required error={formState.errors.cardCount?.message} {...register('cardCount')} />
        <NotesAndSend t={t} register={register} errors={formState.errors} isSending={formState.isSubmitting} />
      </fieldset>
    </form>
  );
}

/** The custom card: its fields as text, the logo and artwork as files, in one multipart request. */
function OrderForm({ t, onSent }: Pick<SharedFieldsProps, 't'> & { onSent: (message: string) => void }) {
  const { register, handleSubmit, setError, formState } = useForm<CustomDesignFormValues>({
    resolver: zodResolver(customDesignForm),
    defaultValues: { ...emptyContact, quantity: '' },
  });
  const onSubmit = handleSubmit(async ({ logo, artwork, ...fields }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    if (logo?.[0]) form.append('logo', logo[0]);
    if (artwork?.[0]) form.append('artwork', artwork[0]);
    try {
      onSent((await requestCustomDesign(form)).message);
    } catch (error) {
      showServerError(error, setError, [...contactFieldNames, 'quantity', 'material', 'finish', 'logo', 'artwork']);
    }
  });
  const { errors } = formState;
  const optionLabels = useCardOptionLabels();
  return (
    <form onSubmit={onSubmit} noValidate className="rounded-xl bg-white p-6 shadow-sm">
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <FormAlert message={formErrorOf(errors)} />
        <ContactFields t={t} register={register} errors={errors} isCompanyRequired={false} />
        <InputField label={t('quantity')} type="number" min={1} required error={errors.quantity?.message} {...register('quantity')} />
        <ChoiceField label={t('material')} placeholder={t('chooseMaterial')} labels={optionLabels.material} values={cardMaterials} error={errors.material?.message} {...register('material')} />
        <ChoiceField label={t('finish')} placeholder={t('chooseFinish')} labels={optionLabels.finish} values={cardFinishes} error={errors.finish?.message} {...register('finish')} />
        <InputField label={t('logo')} type="file" accept={acceptedUploads} hint={t('uploadHint')} error={errors.logo?.message} {...register('logo')} />
        <InputField label={t('artwork')} type="file" accept={acceptedUploads} hint={t('uploadHint')} error={errors.artwork?.message} {...register('artwork')} />
        <NotesAndSend t={t} register={register} errors={errors} isSending={formState.isSubmitting} />
      </fieldset>
    </form>
  );
}

/** A required choice from a fixed list, opening on a "Choose …" line that cannot be chosen back. */
function ChoiceField<Value extends string>({
  label,
  placeholder,
  values,
  labels,
  error,
  ...select
}: UseFormRegisterReturn & { label: string; placeholder: string; values: readonly Value[]; labels: Record<Value, string>; error: string | undefined }) {
  return (
    <FieldFrame label={label} required error={error}>
      {(control) => (
        <select {...control} defaultValue="" {...select}>
          <option value="" disabled>
            {placeholder}
          </option>
          {values.map((value) => (
            <option key={value} value={value}>
              {labels[value]}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
