import type { ContactKind, ContactSort, ContactSummary } from '@cardstack/shared/contacts/schemas';
import type { ContactsMessageId, ContactsTranslate } from './messages';

/** How a contact is named: its name, else its email (one of the two is always there). */
export function contactTitle(contact: Pick<ContactSummary, 'name' | 'email'>, t: ContactsTranslate): string {
  return contact.name || contact.email || t('unnamedContact');
}

/** The message of each kind of contact (its English is `contactKindLabels`, kept equal by a test). */
export const contactKindMessages: Readonly<Record<ContactKind, ContactsMessageId>> = {
  lead: 'kindLead',
  manual: 'kindManual',
  scanned: 'kindScanned',
};

/** The message of each order of the list (its English is `contactSortLabels`, kept equal by a test). */
export const contactSortMessages: Readonly<Record<ContactSort, ContactsMessageId>> = {
  newest: 'sortNewest',
  oldest: 'sortOldest',
  name: 'sortName',
};
