import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  cardFinishLabels,
  cardFinishes,
  cardMaterialLabels,
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
import { ApiError } from '../../lib/api-client';
import { requestCustomDesign } from './api/request-custom-design';
import { requestQuote } from './api/request-quote';
import { fieldErrorsOf } from '@cardstack/shared/http/field-errors';

type Errors = Record<string, string>;

/** The shared schema's messages per field, or null when the form is valid. */
function check(schema: typeof customDesignInput | typeof quoteInput, values: Record<string, unknown>): Errors | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return null;
  return fieldErrorsOf(parsed.error.issues);
}

const acceptedUploads = '.png,.jpg,.jpeg,.svg,.pdf,image/png,image/jpeg,image/svg+xml,application/pdf';

/**
 * /custom-design-form: the public form for a printed NFC card of one's own design (contact details, quantity,
 * material and finish, logo and artwork, notes), and with `?request=quote` the quote form for more than 250
 * Teams cards. Both are sent to the operator; the page thanks the visitor.
 */
export function CustomDesignFormPage() {
  const [params, setParams] = useSearchParams();
  const isQuote = params.get('request') === 'quote';
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [isSending, setIsSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));
    const found = check(isQuote ? quoteInput : customDesignInput, values);
    const fileErrors: Errors = {};
    for (const field of ['logo', 'artwork']) {
      const file = form.get(field);
      if (file instanceof File && file.size > maxDesignUploadBytes) fileErrors[field] = designRequestTexts.uploadTooLarge;
    }
    if (found || Object.keys(fileErrors).length > 0) {
      setErrors({ ...found, ...fileErrors });
      return;
    }
    setErrors({});
    setIsSending(true);
    try {
      const result = isQuote
        ? await requestQuote(values as QuoteInput)
        : await requestCustomDesign(form);
      setSent(result.message);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      setFormError(error instanceof Error ? error.message : 'The form could not be sent.');
    } finally {
      setIsSending(false);
    }
  }

  const title = isQuote ? designRequestTexts.quoteTitle : designRequestTexts.customDesignTitle;
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-zinc-900">{title}</h1>
        <p className="text-zinc-700">
          {isQuote
            ? 'Tell us about your company and how many cards you need; we will make you an offer.'
            : 'A printed card with an NFC chip in your own design: tell us what you need and send your logo and artwork.'}
        </p>
        <nav aria-label="Request type" className="flex gap-4 text-sm">
          <button type="button" className="font-semibold text-brand-700 underline" aria-pressed={!isQuote} onClick={() => setParams({})}>
            {designRequestTexts.customDesignTitle}
          </button>
          <button type="button" className="font-semibold text-brand-700 underline" aria-pressed={isQuote} onClick={() => setParams({ request: 'quote' })}>
            {designRequestTexts.quoteTitle}
          </button>
        </nav>
      </header>
      {sent ? (
        <section role="status" className="rounded-xl bg-white p-6 shadow-sm">
          <p className="text-lg font-semibold text-zinc-900">{sent}</p>
          <Link className="mt-4 inline-block font-semibold text-brand-700 underline" to="/">
            Go to the app
          </Link>
        </section>
      ) : (
        <form key={isQuote ? 'quote' : 'design'} onSubmit={(event) => void onSubmit(event)} noValidate className="rounded-xl bg-white p-6 shadow-sm">
          <fieldset disabled={isSending} className="flex flex-col gap-4">
            <FormAlert message={formError} />
            <InputField label="Name" name="name" autoComplete="name" required error={errors.name} />
            <InputField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
            <InputField label="Phone" name="phone" type="tel" autoComplete="tel" error={errors.phone} />
            <InputField label="Company" name="company" autoComplete="organization" required={isQuote} error={errors.company} />
            {isQuote ? (
              <InputField label="Number of cards" name="cardCount" type="number" min={1} required error={errors.cardCount} />
            ) : (
              <>
                <InputField label="Quantity" name="quantity" type="number" min={1} required error={errors.quantity} />
                <FieldFrame label="Material" required error={errors.material}>
                  {(control) => (
                    <select {...control} name="material" defaultValue="">
                      <option value="" disabled>
                        Choose a material
                      </option>
                      {cardMaterials.map((value) => (
                        <option key={value} value={value}>
                          {cardMaterialLabels[value]}
                        </option>
                      ))}
                    </select>
                  )}
                </FieldFrame>
                <FieldFrame label="Finish" required error={errors.finish}>
                  {(control) => (
                    <select {...control} name="finish" defaultValue="">
                      <option value="" disabled>
                        Choose a finish
                      </option>
                      {cardFinishes.map((value) => (
                        <option key={value} value={value}>
                          {cardFinishLabels[value]}
                        </option>
                      ))}
                    </select>
                  )}
                </FieldFrame>
                <InputField label="Logo" name="logo" type="file" accept={acceptedUploads} hint="PNG, JPEG, SVG or PDF, up to 10 MB." error={errors.logo} />
                <InputField label="Artwork" name="artwork" type="file" accept={acceptedUploads} hint="PNG, JPEG, SVG or PDF, up to 10 MB." error={errors.artwork} />
              </>
            )}
            <TextareaField label="Notes" name="notes" error={errors.notes} />
            {/* Left empty by people, who never see it; bots fill it in. */}
            <div aria-hidden="true" className="hidden">
              <label>
                Website
                <input name={designHoneypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
              </label>
            </div>
            <Button type="submit" isLoading={isSending} className="self-start">
              Send request
            </Button>
          </fieldset>
        </form>
      )}
    </main>
  );
}

export default CustomDesignFormPage;
