import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactLimits } from '@cardstack/shared/contacts/schemas';
import {
  linesOf,
  scannedContactForm,
  scannerLimits,
  type ScannedContactFormText,
  type DuplicateContact,
  type ScannedFields,
  type ScannerConfig,
} from '@cardstack/shared/scanner/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { formErrorOf, showServerError } from '../../../lib/form-errors';
import { languageOf, useAppPreferences } from '../../../lib/i18n/app-locale';
import { richText } from '../../../lib/i18n/rich-text';
import { useMessages } from '../../../lib/i18n/messages';
import { findDuplicates } from '../api/find-duplicates';
import { improveWithAi } from '../api/improve-scan';
import { saveScannedCard } from '../api/save-scanned-card';
import { scannerMessages, type ScannerTranslate } from '../messages';

function textOf(fields: ScannedFields, notes = ''): ScannedContactFormText {
  return {
    name: fields.name,
    jobTitle: fields.jobTitle,
    company: fields.company,
    emails: fields.emails.join('\n'),
    phones: fields.phones.join('\n'),
    websites: fields.websites.join('\n'),
    socialLinks: fields.socialLinks.join('\n'),
    address: fields.address,
    notes,
  };
}

/** A list's problem names its line: "Line 2: Enter a valid email address". */
function listMessage(error: unknown, t: ScannerTranslate): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if (typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  for (const [index, item] of Object.entries(error)) {
    const message = (item as { message?: unknown } | undefined)?.message;
    if (/^\d+$/.test(index) && typeof message === 'string') return t('lineError', { line: Number(index) + 1, message });
  }
  return undefined;
}

export interface ReviewSource {
  fields: ScannedFields;
  /** 'qr' when a vCard QR code gave exact data; 'ocr' when the text was read. */
  origin: 'qr' | 'ocr';
  ocrText: string;
  photo: Blob;
  photoUrl: string;
  /** A link from the card's QR code (often its digital card), offered to open. */
  qrLink: string | null;
}

/** Every field editable, the card's photo beside them, duplicates flagged, then save (and on to the next card). */
export function ReviewForm({ source, config, onSaved, onDiscard }: {
  source: ReviewSource;
  config: ScannerConfig;
  /** `name` is the contact's name or first email; null when the card gave neither. */
  onSaved: (result: { contactId: string; isMerged: boolean; name: string | null }) => void;
  onDiscard: () => void;
}) {
  const t = useMessages(scannerMessages);
  const { locale } = useAppPreferences();
  const { register, handleSubmit, getValues, reset, watch, setError, formState } = useForm({
    resolver: zodResolver(scannedContactForm),
    defaultValues: textOf(source.fields),
  });
  // "same a@example.com, phone", as the app's language lists things.
  const matchList = useMemo(() => new Intl.ListFormat(languageOf(locale), { style: 'short', type: 'unit' }), [locale]);
  const [duplicates, setDuplicates] = useState<DuplicateContact[]>([]);
  const [mergeInto, setMergeInto] = useState<DuplicateContact | null>(null);
  const [isKeepingBoth, setIsKeepingBoth] = useState(false);
  const [isImproving, setIsImproving] = useState(false);
  const [aiMessage, setAiMessage] = useState<string | null>(null);

  const emailsText = watch('emails');
  const phonesText = watch('phones');
  useEffect(() => {
    // Asked again (debounced) as the emails and phones are corrected, so the flag follows the form.
    let isCurrent = true;
    const timer = setTimeout(() => {
      findDuplicates({ emails: linesOf(emailsText).slice(0, scannerLimits.listItems), phones: linesOf(phonesText).slice(0, scannerLimits.listItems) })
        .then((found) => {
          if (!isCurrent) return;
          setDuplicates(found);
          setMergeInto((current) => (current && found.some((d) => d.id === current.id) ? current : null));
        })
        .catch(() => undefined);
    }, 300);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [emailsText, phonesText]);

  const field = (name: keyof ScannedContactFormText) => ({
    error: name === 'emails' || name === 'phones' || name === 'websites' || name === 'socialLinks' ? listMessage(formState.errors[name], t) : formState.errors[name]?.message,
    ...register(name),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await saveScannedCard({ ...values, mergeIntoId: mergeInto?.id ?? null }, source.photo);
      onSaved({ ...saved, name: values.name || values.emails[0] || null });
    } catch (error) {
      showServerError(error, setError, ['name', 'jobTitle', 'company', 'emails', 'phones', 'websites', 'socialLinks', 'address', 'notes']);
    }
  });

  async function improve() {
    setAiMessage(null);
    setIsImproving(true);
    try {
      const current = scannedContactForm.safeParse(getValues());
      const imageDataUrl = config.ai.sendsImage ? await dataUrlOf(source.photo) : undefined;
      const fields = await improveWithAi({
        ocrText: source.ocrText.slice(0, scannerLimits.ocrText),
        current: current.success ? current.data : {},
        ...(imageDataUrl ? { imageDataUrl } : {}),
      });
      reset(textOf(fields, getValues('notes')));
      setAiMessage(t('aiImproved'));
    } catch (error) {
      setAiMessage(error instanceof ApiError ? error.message : t('aiUnreachable'));
    } finally {
      setIsImproving(false);
    }
  }

  const showsDuplicates = duplicates.length > 0 && !isKeepingBoth;
  return (
    <form aria-labelledby="review-title" className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" onSubmit={onSubmit} noValidate>
      <div className="flex flex-col gap-3">
        <img src={source.photoUrl} alt={t('scannedCardAlt')} className="w-full rounded-xl shadow ring-1 ring-zinc-200" />
        <p className="text-sm text-zinc-700">
          {source.origin === 'qr' ? t('readFromQr') : t('readOnDevice')}
        </p>
        {source.qrLink ? (
          <p className="rounded-lg bg-brand-50 p-3 text-sm ring-1 ring-brand-100">
            {richText(t('qrLink', { url: source.qrLink }), {
              link: (url) => (
                <a className="break-all text-brand-700 underline" href={source.qrLink ?? undefined} target="_blank" rel="noreferrer noopener">
                  {url}
                </a>
              ),
            })}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200">
        <h2 id="review-title" className="text-lg font-semibold">
          {t('reviewTitle')}
        </h2>
        {showsDuplicates ? (
          <div role="region" aria-label={t('duplicateRegion')} className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
            <p className="font-semibold">{t('duplicateTitle')}</p>
            <ul className="mt-2 flex flex-col gap-3">
              {duplicates.map((duplicate) => (
                <li key={duplicate.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm">
                    {richText(
                      t(duplicate.company ? 'duplicateWithCompany' : 'duplicate', {
                        name: duplicate.name || duplicate.email,
                        company: duplicate.company ?? '',
                        matches: matchList.format(duplicate.matchedOn.map((m) => (m.includes('@') ? m : t('matchedPhone')))),
                      }),
                      { b: (name) => <strong>{name}</strong> },
                    )}
                  </span>
                  <span className="flex gap-2">
                    <Button
                      variant={mergeInto?.id === duplicate.id ? 'primary' : 'secondary'}
                      aria-pressed={mergeInto?.id === duplicate.id}
                      onClick={() => setMergeInto(mergeInto?.id === duplicate.id ? null : duplicate)}
                    >
                      {t('merge')}
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
            <Button
              variant="ghost"
              className="mt-2"
              onClick={() => {
                setIsKeepingBoth(true);
                setMergeInto(null);
              }}
            >
              {t('keepBoth')}
            </Button>
            {mergeInto ? (
              <p className="mt-2 text-sm" aria-live="polite">
                {t('mergeNote', { name: mergeInto.name || mergeInto.email })}
              </p>
            ) : null}
          </div>
        ) : null}

        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label={t('fieldName')} autoComplete="off" maxLength={contactLimits.name} {...field('name')} />
          <InputField label={t('fieldJobTitle')} autoComplete="off" maxLength={contactLimits.jobTitle} {...field('jobTitle')} />
          <InputField label={t('fieldCompany')} autoComplete="off" maxLength={contactLimits.company} {...field('company')} />
          <TextareaField label={t('fieldEmails')} hint={t('fieldEmailsHint')} rows={2} {...field('emails')} />
          <TextareaField label={t('fieldPhones')} hint={t('fieldPhonesHint')} rows={2} {...field('phones')} />
          <TextareaField label={t('fieldWebsites')} hint={t('fieldWebsitesHint')} rows={2} {...field('websites')} />
          <TextareaField label={t('fieldOtherLinks')} hint={t('fieldOtherLinksHint')} rows={2} {...field('socialLinks')} />
          <TextareaField label={t('fieldAddress')} rows={2} maxLength={scannerLimits.address} {...field('address')} />
        </div>
        <TextareaField label={t('fieldNote')} hint={t('fieldNoteHint')} rows={3} maxLength={contactLimits.notes} {...field('notes')} />

        {config.ai.isEnabled ? (
          <div className="rounded-xl bg-zinc-50 p-4 ring-1 ring-zinc-200">
            <Button variant="secondary" isLoading={isImproving} onClick={() => void improve()}>
              {t('improveWithAi')}
            </Button>
            <p className="mt-2 text-sm text-zinc-700">{t(config.ai.sendsImage ? 'aiSendsTextAndPhoto' : 'aiSendsText', { host: config.ai.host ?? '' })}</p>
            {aiMessage ? (
              <p className="mt-2 text-sm" role="status">
                {aiMessage}
              </p>
            ) : null}
          </div>
        ) : null}

        {formErrorOf(formState.errors) ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {formErrorOf(formState.errors)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={formState.isSubmitting}>
            {mergeInto ? t('mergeAndNext') : t('saveAndNext')}
          </Button>
          <Button variant="ghost" onClick={onDiscard} disabled={formState.isSubmitting}>
            {t('discard')}
          </Button>
        </div>
      </div>
    </form>
  );
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The photo could not be read.'));
    reader.readAsDataURL(blob);
  });
}
