import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from 'radix-ui';
import { contactLimits, contactNotesForm, type Contact, type ContactCard } from '@cardstack/shared/contacts/schemas';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tooltip } from '../../../components/ui/tooltip';
import { formErrorOf, showServerError } from '../../../lib/form-errors';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { cardImageUrl, vcardUrl } from '../api/contact-links';
import { useContact } from '../api/get-contact';
import { useUpdateContact } from '../api/update-contact';
import { contactKindMessages, contactTitle } from '../contact-format';
import { contactsMessages, type ContactsTranslate } from '../messages';
import { TextareaField } from '../../../components/ui/textarea-field';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-2">
      <dt className="text-sm text-zinc-600">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap text-zinc-900">{children}</dd>
    </div>
  );
}

function NotesForm({ contact, t }: { contact: Contact; t: ContactsTranslate }) {
  const updateContact = useUpdateContact();
  const { register, handleSubmit, setError, formState, watch } = useForm({ resolver: zodResolver(contactNotesForm), defaultValues: { notes: contact.notes } });
  const isChanged = watch('notes') !== contact.notes;
  const onSubmit = handleSubmit(async (input) => {
    try {
      await updateContact.mutateAsync({ contactId: contact.id, input });
      notify.success(t('changesSaved'));
    } catch (error) {
      showServerError(error, setError, ['notes']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-2">
      <TextareaField
        label={t('fieldNotes')}
        maxLength={contactLimits.notes}
        // Also as the element's default: its text is then the saved note, as a person (and a screen reader) reads it.
        defaultValue={contact.notes}
        error={formState.errors.notes?.message ?? formErrorOf(formState.errors)}
        disabled={formState.isSubmitting}
        {...register('notes')}
      />
      <div>
        <Button type="submit" variant="secondary" disabled={!isChanged} isLoading={formState.isSubmitting}>
          {t('saveNotes')}
        </Button>
      </div>
    </form>
  );
}

/** What a scanned card added: more emails and phones, links, the address and the photo of the card. */
function ScanFields({ contact, t }: { contact: Contact; t: ContactsTranslate }) {
  const scan = contact.scan;
  if (!scan) return null;
  const links = [...scan.websites, ...scan.socialLinks];
  return (
    <>
      {scan.emails.length > 0 ? <Field label={t('fieldOtherEmails')}>{scan.emails.join('\n')}</Field> : null}
      {scan.phones.length > 0 ? <Field label={t('fieldOtherPhones')}>{scan.phones.join('\n')}</Field> : null}
      {links.length > 0 ? (
        <Field label={t('fieldLinks')}>
          {links.map((url) => (
            <a key={url} className="block text-brand-700 underline" href={url} target="_blank" rel="noreferrer noopener">
              {url}
            </a>
          ))}
        </Field>
      ) : null}
      {scan.address ? <Field label={t('fieldAddress')}>{scan.address}</Field> : null}
      {scan.hasImage ? (
        <Field label={t('fieldPhoto')}>
          <img src={cardImageUrl(contact.id, contact.updatedAt)} alt={t('cardPhotoAlt')} className="w-full rounded-lg ring-1 ring-zinc-200" />
        </Field>
      ) : null}
    </>
  );
}

function Details({ contact, card, t }: { contact: Contact; card: ContactCard | null; t: ContactsTranslate }) {
  const format = useFormat();
  const consent = contact.consentAt ? (
    <>
      {t('consentGiven', { date: format.dateTime(contact.consentAt) })}
      {contact.consentText ? <span className="mt-1 block text-zinc-700">{t('quoted', { text: contact.consentText })}</span> : null}
    </>
  ) : (
    t('consentNotGiven')
  );
  return (
    <dl className="divide-y divide-zinc-100">
      <Field label={t('fieldName')}>{contact.name || '—'}</Field>
      <Field label={t('fieldEmail')}>{contact.email ? <a className="text-brand-700 underline" href={`mailto:${contact.email}`}>{contact.email}</a> : '—'}</Field>
      <Field label={t('fieldPhone')}>{contact.phone ? <a className="text-brand-700 underline" href={`tel:${contact.phone}`}>{contact.phone}</a> : '—'}</Field>
      <Field label={t('fieldCompany')}>{contact.company || '—'}</Field>
      <Field label={t('fieldJobTitle')}>{contact.jobTitle || '—'}</Field>
      <Field label={t('fieldKind')}>{t(contactKindMessages[contact.kind])}</Field>
      <Field label={t('fieldCard')}>
        {card ? (
          <a className="text-brand-700 underline" href={`/id/${encodeURIComponent(card.username)}/`} target="_blank" rel="noreferrer">
            {card.name}
          </a>
        ) : contact.cardName ? (
          t('deletedCard', { name: contact.cardName })
        ) : (
          '—'
        )}
      </Field>
      {contact.scan ? <ScanFields contact={contact} t={t} /> : null}
      {contact.kind === 'lead' ? <Field label={t('fieldMessage')}>{contact.message || '—'}</Field> : null}
      {contact.kind === 'lead' ? <Field label={t('fieldConsent')}>{consent}</Field> : null}
      <Field label={t('fieldAdded')}>{format.dateTime(contact.createdAt)}</Field>
      {contact.updatedAt !== contact.createdAt ? <Field label={t('fieldChanged')}>{format.dateTime(contact.updatedAt)}</Field> : null}
    </dl>
  );
}

/** One contact's details in a side panel: every field, the card it came through, consent, notes, actions. */
export function ContactDrawer({ contactId, onClose, onEdit, onDelete }: {
  contactId: string | null;
  onClose: () => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}) {
  const t = useMessages(contactsMessages);
  const detail = useContact(contactId);
  const contact = detail.data?.contact;
  return (
    <Dialog.Root open={contactId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content className="fixed inset-y-0 end-0 z-50 flex w-full max-w-lg flex-col overflow-y-auto bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold break-words">{contact ? contactTitle(contact, t) : t('drawerFallbackTitle')}</Dialog.Title>
            <Tooltip content={t('close')}>
              <Dialog.Close asChild>
                <Button variant="ghost" aria-label={t('close')}>
                  ✕
                </Button>
              </Dialog.Close>
            </Tooltip>
          </div>
          <Dialog.Description className="sr-only">{t('drawerDescription')}</Dialog.Description>
          {detail.isPending ? (
            <div className="mt-10 flex justify-center">
              <Spinner label={t('loadingContact')} />
            </div>
          ) : detail.isError || !contact ? (
            <p role="alert" className="mt-6 text-sm text-zinc-800">
              {(detail.error as { status?: number } | null)?.status === 404 ? t('contactNotFound') : t('contactLoadFailed')}
            </p>
          ) : (
            <>
              <div className="mt-4 flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => onEdit(contact)}>
                  {t('edit')}
                </Button>
                <a className={buttonClass('secondary')} href={vcardUrl(contact.id)} download>
                  {t('downloadVcard')}
                </a>
                <Button variant="danger" onClick={() => onDelete(contact)}>
                  {t('delete')}
                </Button>
              </div>
              <div className="mt-4">
                <Details contact={contact} card={detail.data.card} t={t} />
              </div>
              <NotesForm key={`${contact.id}-${contact.updatedAt}`} contact={contact} t={t} />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
