import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { extractCardFields } from '@cardstack/shared/scanner/extract-fields';
import { readQrPayload } from '@cardstack/shared/scanner/qr-payload';
import { Button, buttonClass } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { SelectList } from '../../components/ui/select-list';
import { Spinner } from '../../components/ui/spinner';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { useInvalidateContacts } from '../contacts/public';
import { ReviewForm, type ReviewSource } from './components/review-form';
import { readLines, stopOcr, type OcrPhase } from './ocr-engine';
import { prepareCard } from './prepare-image';
import { useScannerConfig } from './api/scanner-config';
import { scannerMessages, type ScannerMessageId } from './messages';

/** The text reader's languages, each in its own language (a technical list: the same in every language of the app). */
const languageNames: Record<string, string> = { eng: 'English', deu: 'Deutsch', fra: 'Français', spa: 'Español' };

type Step =
  | { kind: 'pick' }
  | { kind: 'working'; phase: 'preparing' | OcrPhase; fraction: number }
  | { kind: 'review'; source: ReviewSource; startedAt: number; shownAt: number }
  | { kind: 'failed'; message: ScannerMessageId };

const phaseMessages = {
  preparing: 'phasePreparing',
  loading: 'phaseLoading',
  reading: 'phaseReading',
} as const satisfies Record<'preparing' | OcrPhase, ScannerMessageId>;

/** /contacts/scan: photo → review → save, card after card; the text is read on this device. */
export default function ScannerPage() {
  const t = useMessages(scannerMessages);
  const config = useScannerConfig();
  const invalidateContacts = useInvalidateContacts();
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [language, setLanguage] = useState('eng');
  const [savedCount, setSavedCount] = useState(0);
  const [isDragging, setIsDragging] = useState(false);
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const photoUrl = step.kind === 'review' ? step.source.photoUrl : null;

  useEffect(() => () => void stopOcr(), []);
  useEffect(() => (photoUrl ? () => URL.revokeObjectURL(photoUrl) : undefined), [photoUrl]);

  async function scan(file: File) {
    if (!config.data) return;
    if (!file.type.startsWith('image/')) {
      setStep({ kind: 'failed', message: 'notImage' });
      return;
    }
    const startedAt = performance.now();
    setStep({ kind: 'working', phase: 'preparing', fraction: 0 });
    try {
      const prepared = await prepareCard(file);
      const locale = navigator.language;
      const qr = prepared.qrText ? readQrPayload(prepared.qrText, { locale }) : null;
      const base = { photo: prepared.photo, photoUrl: prepared.photoUrl, qrLink: qr?.kind === 'link' ? qr.url : null };
      let source: ReviewSource;
      if (qr?.kind === 'vcard') {
        source = { ...base, fields: qr.fields, origin: 'qr', ocrText: prepared.qrText ?? '' };
      } else {
        const { lines, text } = await readLines(prepared.ocrCanvas, {
          assetBase: config.data.assetBase,
          language,
          onProgress: (phase, fraction) => setStep({ kind: 'working', phase, fraction }),
        });
        source = { ...base, fields: extractCardFields(lines, { locale }), origin: 'ocr', ocrText: text };
      }
      setStep({ kind: 'review', source, startedAt, shownAt: performance.now() });
    } catch {
      setStep({ kind: 'failed', message: 'readFailed' });
    }
  }

  function pick(files: FileList | null) {
    const file = files?.[0];
    if (file) void scan(file);
  }

  let content;
  if (config.isPending) {
    content = (
      <div className="mt-10 flex justify-center">
        <Spinner label={t('loading')} />
      </div>
    );
  } else if (config.isError || !config.data) {
    content = (
      <p role="alert" className="mt-6">
        {t('loadFailed')}{' '}
        <Button variant="secondary" onClick={() => void config.refetch()}>
          {t('tryAgain')}
        </Button>
      </p>
    );
  } else if (step.kind === 'review') {
    content = (
      <div data-scan-ms={Math.round(step.shownAt - step.startedAt)}>
        <ReviewForm
          key={step.source.photoUrl}
          source={step.source}
          config={config.data}
          onDiscard={() => setStep({ kind: 'pick' })}
          onSaved={(saved) => {
            notify.success(
              saved.name === null
                ? t(saved.isMerged ? 'mergedUnnamed' : 'savedUnnamed')
                : t(saved.isMerged ? 'mergedNamed' : 'savedNamed', { name: saved.name }),
            );
            setSavedCount((count) => count + 1);
            void invalidateContacts();
            setStep({ kind: 'pick' });
          }}
        />
      </div>
    );
  } else if (step.kind === 'working') {
    content = (
      <div className="mt-8 max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200" aria-live="polite">
        <label htmlFor="scan-progress" className="text-sm font-medium">
          {t(phaseMessages[step.phase])}
        </label>
        <progress id="scan-progress" className="mt-2 block h-3 w-full accent-brand-600" max={1} value={step.phase === 'preparing' ? undefined : step.fraction} />
      </div>
    );
  } else {
    const languages = config.data.languages;
    content = (
      <div className="mt-6 flex flex-col gap-4">
        {step.kind === 'failed' ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
            {t(step.message)}
          </p>
        ) : null}
        {languages.length === 0 ? (
          <p role="alert">{t('noTextReader')}</p>
        ) : null}
        <div
          className={`flex flex-col items-center gap-4 rounded-2xl border-2 border-dashed p-10 text-center ${isDragging ? 'border-brand-600 bg-brand-50' : 'border-zinc-300 bg-white'}`}
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setIsDragging(false);
            pick(event.dataTransfer.files);
          }}
        >
          <p className="text-lg font-semibold">{t('pickTitle')}</p>
          <p className="max-w-prose text-sm text-zinc-700">{t('pickText')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={() => cameraInput.current?.click()}>{t('takePhoto')}</Button>
            <Button variant="secondary" onClick={() => fileInput.current?.click()}>
              {t('chooseImage')}
            </Button>
          </div>
          <input ref={cameraInput} type="file" accept="image/*" capture="environment" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(event) => pick(event.target.files)} />
          <input ref={fileInput} type="file" accept="image/*" className="sr-only" aria-label={t('cardImage')} onChange={(event) => pick(event.target.files)} />
        </div>
        {languages.length > 1 ? (
          <div className="max-w-xs">
            <SelectList
              label={t('cardLanguage')}
              value={language}
              onValueChange={setLanguage}
              options={languages.map((code) => ({ value: code, label: languageNames[code] ?? code }))}
            />
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <section aria-labelledby="scanner-title">
      <PageHeader
        titleId="scanner-title"
        title={t('title')}
        subtitle={
          savedCount > 0 ? (
            <p className="text-sm text-zinc-700" role="status">
              {t('savedCount', { count: savedCount })}
            </p>
          ) : null
        }
        actions={
          <Link to="/contacts" className={buttonClass('secondary')}>
            {t('backToContacts')}
          </Link>
        }
      />
      {content}
    </section>
  );
}
