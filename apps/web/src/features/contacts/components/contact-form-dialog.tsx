import { Dialog } from 'radix-ui';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactForm, contactLimits, noContactCard, type Contact, type ContactFormValues } from '@cardstack/shared/contacts/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { SelectList } from '../../../components/ui/select-list';
import { TextareaField } from '../../../components/ui/textarea-field';
import { placeServerErrors } from '../../../lib/form-errors';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useContactCards } from '../api/contact-cards';
import { useCreateContact } from '../api/create-contact';
import { useUpdateContact } from '../api/update-contact';
import { contactsMessages } from '../messages';

const fieldNames = ['name', 'email', 'phone', 'company', 'jobTitle', 'notes', 'cardId'] as const;

/** Add a contact by hand (no `contact`) or edit one; errors show under their fields. */
export function ContactFormDialog({ contact, open, onOpenChange, onSaved }: {
  contact: Contact | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (contactId: string) => void;
}) {
  const t = useMessages(contactsMessages);
  const isEdit = contact !== null;
  const cards = useContactCards();
  const createContact = useCreateContact();
  const updateContact = useUpdateContact();
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactForm),
    values: {
      name: contact?.name ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      company: contact?.company ?? '',
      jobTitle: contact?.jobTitle ?? '',
      notes: contact?.notes ?? '',
      cardId: noContactCard,
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async ({ cardId, ...values }) => {
    try {
      if (contact) {
        await updateContact.mutateAsync({ contactId: contact.id, input: values });
        notify.success(t('changesSaved'));
        onSaved?.(contact.id);
      } else {
        const created = await createContact.mutateAsync({ ...values, cardId: cardId === noContactCard ? null : cardId });
        notify.success(t('contactAdded'));
        onSaved?.(created.contact.id);
      }
      onOpenChange(false);
      form.reset();
    } catch (error) {
      const unplaced = placeServerErrors(error, form.setError, fieldNames);
      if (unplaced) notify.alert(unplaced);
    }
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(94vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{isEdit ? t('editContact') : t('addContact')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-zinc-700">{t('formDescription')}</Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-4">
            <fieldset disabled={form.formState.isSubmitting} className="grid gap-4 sm:grid-cols-2">
              <InputField label={t('fieldName')} autoComplete="off" maxLength={contactLimits.name} error={errors.name?.message} {...form.register('name')} />
              <InputField label={t('fieldEmail')} type="email" autoComplete="off" maxLength={contactLimits.email} error={errors.email?.message} {...form.register('email')} />
              <InputField label={t('fieldPhone')} type="tel" autoComplete="off" maxLength={contactLimits.phone} error={errors.phone?.message} {...form.register('phone')} />
              <InputField label={t('fieldCompany')} autoComplete="off" maxLength={contactLimits.company} error={errors.company?.message} {...form.register('company')} />
              <InputField label={t('fieldJobTitle')} autoComplete="off" maxLength={contactLimits.jobTitle} error={errors.jobTitle?.message} {...form.register('jobTitle')} />
              {!isEdit ? (
                <Controller
                  control={form.control}
                  name="cardId"
                  render={({ field }) => (
                    <SelectList
                      label={t('fieldCard')}
                      value={field.value}
                      onValueChange={field.onChange}
                      options={[{ value: noContactCard, label: t('noCard') }, ...(cards.data ?? []).map((card) => ({ value: card.id, label: card.name }))]}
                      error={errors.cardId?.message}
                    />
                  )}
                />
              ) : null}
              <TextareaField label={t('fieldNotes')} className="sm:col-span-2" maxLength={contactLimits.notes} error={errors.notes?.message} {...form.register('notes')} />
            </fieldset>
            <div className="mt-6 flex justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={form.formState.isSubmitting}>
                  {t('cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" isLoading={form.formState.isSubmitting}>
                {isEdit ? t('saveContact') : t('addContact')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
