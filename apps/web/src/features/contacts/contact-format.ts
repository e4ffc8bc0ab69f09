import type { ContactSummary } from '@cardstack/shared/contacts/schemas';

/** How a contact is named: its name, else its email (one of the two is always there). */
export function contactTitle(contact: Pick<ContactSummary, 'name' | 'email'>): string {
  return contact.name || contact.email || 'Unnamed contact';
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}
