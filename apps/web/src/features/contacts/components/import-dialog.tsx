import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from 'radix-ui';
import { useQueryClient } from '@tanstack/react-query';
import {
  duplicateChoices,
  importFields,
  type ColumnMapping,
  type ContactImportStatus,
  type DuplicateChoice,
} from '@cardstack/shared/contacts/import';
import { Button } from '../../../components/ui/button';
import { FileInput } from '../../../components/ui/file-input';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages, type Translate } from '../../../lib/i18n/messages';
import { cancelContactImport, contactImportQuery, mapContactImport, startContactImport, undoContactImport, uploadContactImport, useContactImport } from '../api/contact-import';
import { useInvalidateContacts } from '../api/contact-keys';
import { contactImportForm, type ContactImportForm } from '../import-form';
import { contactsMessages, type ContactsMessageId } from '../messages';

type T = Translate<ContactsMessageId>;

const fieldLabelIds: Record<ColumnMapping, ContactsMessageId> = {
  name: 'importField.name',
  firstName: 'importField.firstName',
  lastName: 'importField.lastName',
  email: 'importField.email',
  phone: 'importField.phone',
  company: 'importField.company',
  jobTitle: 'importField.jobTitle',
  website: 'importField.website',
  address: 'importField.address',
  notes: 'importField.notes',
  ignore: 'importField.ignore',
};

const choiceLabelIds: Record<DuplicateChoice, ContactsMessageId> = { skip: 'importChoice.skip', merge: 'importChoice.merge', keepBoth: 'importChoice.keepBoth' };

const messageOf = (error: unknown, t: T) => (error instanceof ApiError ? error.message : t('somethingWentWrong'));

/**
 * "Import contacts": a file is uploaded and checked on the server (a job), the preview shows what it holds — the
 * refused lines with their reasons, a CSV's columns, the contacts that match ones already kept — and, once
 * started, a progress bar follows the import; a finished import can be undone.
 */
export function ImportDialog({ canImportToTeam }: { canImportToTeam: boolean }) {
  const t = useMessages(contactsMessages);
  const [isOpen, setIsOpen] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);
  const status = useContactImport(importId);
  const queryClient = useQueryClient();
  const invalidateContacts = useInvalidateContacts();
  const state = status.data?.state;

  function close(open: boolean) {
    setIsOpen(open);
    if (!open) {
      // A checked import nobody started is dropped with its file; the others stay as they are.
      if (importId && state === 'ready') void cancelContactImport(importId).catch(() => undefined);
      if (state === 'done' || state === 'undone') void invalidateContacts();
      setImportId(null);
    }
  }

  async function follow(work: Promise<ContactImportStatus>) {
    const next = await work;
    queryClient.setQueryData(contactImportQuery(next.id).queryKey, next);
    if (next.state === 'undone') void invalidateContacts();
  }

  return (
    <Dialog.Root open={isOpen} onOpenChange={close}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">{t('importContacts')}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(94vw,36rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{t('importTitle')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-zinc-700">{t('importDescription')}</Dialog.Description>
          <div className="mt-4">
            {!importId ? (
              <ChooseFile t={t} canImportToTeam={canImportToTeam} onUploaded={setImportId} />
            ) : !status.data ? (
              <Spinner className="h-5 w-5" label={t('importChecking')} />
            ) : (
              <ImportState t={t} status={status.data} follow={follow} onAnotherFile={() => setImportId(null)} />
            )}
          </div>
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="ghost">{t('close')}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ChooseFile({ t, canImportToTeam, onUploaded }: { t: T; canImportToTeam: boolean; onUploaded: (id: string) => void }) {
  const fileId = useId();
  const form = useForm<ContactImportForm>({ resolver: zodResolver(contactImportForm), defaultValues: { target: 'own' } });
  const [error, setError] = useState<string>();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ file, target }) => {
    setError(undefined);
    try {
      onUploaded((await uploadContactImport(file, target)).id);
    } catch (caught) {
      setError(messageOf(caught, t));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
      <FormAlert message={error ?? errors.file?.message} />
      <FileInput
        id={fileId}
        label={t('importFile')}
        accept=".vcf,.vcard,.csv,.txt,text/vcard,text/csv"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) form.setValue('file', file, { shouldValidate: form.formState.isSubmitted });
        }}
      />
      {canImportToTeam ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-zinc-800">{t('importInto')}</legend>
          {(['own', 'team'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" value={value} {...form.register('target')} />
              {value === 'own' ? t('importIntoOwn') : t('importIntoTeam')}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div>
        <Button type="submit" isLoading={form.formState.isSubmitting}>
          {t('importCheck')}
        </Button>
      </div>
    </form>
  );
}

function ImportState({ t, status, follow, onAnotherFile }: { t: T; status: ContactImportStatus; follow: (work: Promise<ContactImportStatus>) => Promise<void>; onAnotherFile: () => void }) {
  const format = useFormat();
  switch (status.state) {
    case 'checking':
      return <Spinner className="h-5 w-5" label={t('importChecking')} />;
    case 'ready':
      return <Preview t={t} status={status} follow={follow} />;
    case 'importing':
      return (
        <div className="flex flex-col gap-2">
          <progress className="w-full" aria-label={t('importProgress')} value={status.processed} max={Math.max(status.found, 1)} />
          <p className="text-sm text-zinc-700">{t('importProgressText', { processed: format.number(status.processed), found: format.number(status.found) })}</p>
        </div>
      );
    case 'done':
      return (
        <div className="flex flex-col gap-3" role="status">
          <p className="font-medium">{t('importDone')}</p>
          <ImportCounts t={t} status={status} />
          <RefusedLines t={t} status={status} />
          <div>
            <Button variant="secondary" onClick={() => void follow(undoContactImport(status.id))}>
              {t('importUndo')}
            </Button>
          </div>
        </div>
      );
    case 'undone':
      return (
        <p role="status" className="text-sm">
          {t('importUndone')}
        </p>
      );
    case 'failed':
      return (
        <div className="flex flex-col gap-3">
          <FormAlert message={`${t('importFailed')} ${status.error ?? ''}`} />
          <div>
            <Button variant="secondary" onClick={onAnotherFile}>
              {t('importAnotherFile')}
            </Button>
          </div>
        </div>
      );
  }
}

function ImportCounts({ t, status }: { t: T; status: ContactImportStatus }) {
  const format = useFormat();
  const rows: [ContactsMessageId, number][] = [
    ['importCreated', status.created],
    ['importMerged', status.merged],
    ['importSkipped', status.skipped],
    ['importRefused', status.refused],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([id, count]) => (
        <div key={id} className="contents">
          <dt className="text-zinc-700">{t(id)}</dt>
          <dd className="font-medium">{format.number(count)}</dd>
        </div>
      ))}
    </dl>
  );
}

function RefusedLines({ t, status }: { t: T; status: ContactImportStatus }) {
  if (status.refusals.length === 0) return null;
  const more = status.refused - status.refusals.length;
  return (
    <div>
      <p className="text-sm font-medium">{t('importRefusedTitle')}</p>
      <ul className="mt-1 max-h-40 overflow-y-auto rounded border border-zinc-200 p-2 text-sm">
        {status.refusals.map((refusal) => (
          <li key={refusal.line}>
            {refusal.value
              ? t('importRefusedLineValue', { line: refusal.line, reason: refusal.reason, value: refusal.value })
              : t('importRefusedLine', { line: refusal.line, reason: refusal.reason })}
          </li>
        ))}
        {more > 0 ? <li>{t('importRefusedMore', { count: more })}</li> : null}
      </ul>
    </div>
  );
}

function Preview({ t, status, follow }: { t: T; status: ContactImportStatus; follow: (work: Promise<ContactImportStatus>) => Promise<void> }) {
  const format = useFormat();
  const [mapping, setMapping] = useState<ColumnMapping[]>(status.mapping);
  const [choices, setChoices] = useState<Record<'onEmailMatch' | 'onPhoneMatch', DuplicateChoice>>({ onEmailMatch: 'skip', onPhoneMatch: 'skip' });
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const isCsv = status.format !== 'vcard';

  async function run(work: () => Promise<ContactImportStatus>) {
    setIsBusy(true);
    setError(undefined);
    try {
      await follow(work());
    } catch (caught) {
      setError(messageOf(caught, t));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <FormAlert message={error} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-700">{t('importFileName')}</dt>
        <dd className="font-medium break-all">{status.fileName}</dd>
        <dt className="text-zinc-700">{t('importFound')}</dt>
        <dd className="font-medium">{format.number(status.found)}</dd>
        <dt className="text-zinc-700">{t('importRefused')}</dt>
        <dd className="font-medium">{format.number(status.refused)}</dd>
      </dl>
      <RefusedLines t={t} status={status} />
      {isCsv ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{t('importColumns')}</legend>
          <p className="text-sm text-zinc-700">{t('importColumnsHint')}</p>
          {status.columns.map((column, index) => (
            <label key={`${index}-${column}`} className="flex items-center justify-between gap-3 text-sm">
              <span className="truncate">{column || t('importColumnNumber', { number: index + 1 })}</span>
              <select
                className="rounded border border-zinc-300 px-2 py-1"
                value={mapping[index] ?? 'ignore'}
                onChange={(event) => setMapping(mapping.map((field, at) => (at === index ? (event.target.value as ColumnMapping) : field)))}
              >
                {[...importFields, 'ignore' as const].map((field) => (
                  <option key={field} value={field}>
                    {t(fieldLabelIds[field])}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <div>
            <Button variant="secondary" isLoading={isBusy} onClick={() => void run(() => mapContactImport(status.id, { mapping }))}>
              {t('importCheckAgain')}
            </Button>
          </div>
        </fieldset>
      ) : null}
      {(
        [
          ['onEmailMatch', 'importByEmail', status.duplicatesByEmail],
          ['onPhoneMatch', 'importByPhone', status.duplicatesByPhone],
        ] as const
      ).map(([choice, labelId, count]) =>
        count > 0 ? (
          <fieldset key={choice} className="flex flex-col gap-1">
            <legend className="text-sm font-medium">{t(labelId, { count: format.number(count) })}</legend>
            {duplicateChoices.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" name={choice} value={value} checked={choices[choice] === value} onChange={() => setChoices({ ...choices, [choice]: value })} />
                {t(choiceLabelIds[value])}
              </label>
            ))}
          </fieldset>
        ) : null,
      )}
      <div>
        <Button disabled={status.found === 0} isLoading={isBusy} onClick={() => void run(() => startContactImport(status.id, choices))}>
          {t('importStart')}
        </Button>
      </div>
    </div>
  );
}
