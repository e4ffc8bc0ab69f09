import type { Selectable } from 'kysely';
import { scanDetails, type Contact, type ContactCard, type ScanDetails } from '@cardstack/shared/contacts/schemas';
import type { ContactTable } from './contacts-tables';

/*
 * Between the `contact` table's rows and the `Contact` the app works with: the columns a list reads, the card's
 * display name, the scan details parsed from JSON, and the extra search terms a scan adds.
 */

/** A new contact as the service decides it; the search columns are derived here. */
export type NewContact = Omit<Contact, 'kind' | 'cardName' | 'updatedAt' | 'scan'> & {
  cardName: string | null;
  /** A contact read from a paper card (kind "scanned"), with what its own columns have no room for. */
  isScanned?: boolean;
  scan?: ScanDetails | null;
  imageKey?: string | null;
  /** The import that makes it (undoing the import deletes it). */
  importId?: string | null;
};

/** The fields a change may touch; `scan` and `imageKey` only when a scanned card is merged in. */
export type ContactChanges = Partial<Pick<Contact, 'name' | 'email' | 'phone' | 'company' | 'jobTitle' | 'notes' | 'scan'>> & {
  imageKey?: string | null;
};

export const contactColumns = [
  'contact.id',
  'contact.owner_id',
  'contact.team_owner_id',
  'contact.card_id',
  'contact.card_name',
  'contact.manual_add',
  'contact.name',
  'contact.email',
  'contact.phone',
  'contact.company',
  'contact.job_title',
  'contact.message',
  'contact.notes',
  'contact.consent_text',
  'contact.consent_at',
  'contact.sort_name',
  'contact.created_at',
  'contact.updated_at',
  'contact.is_scanned',
  'contact.scan_details',
] as const;

type ContactRow = Pick<Selectable<ContactTable>, (typeof contactColumns)[number] extends `contact.${infer C}` ? C : never> & {
  card_title: string | null;
  card_person_name: string | null;
  card_username: string | null;
};

/** A contact as read, with what the list's keyset needs. */
export interface StoredContact {
  contact: Contact;
  card: ContactCard | null;
  sortName: string;
}

/** How a card is named in the contacts screen: its own title, else the person's name (as in the cards list). */
export function cardDisplayName(card: { title: string; name: string }): string {
  return card.title.trim() || card.name.trim() || 'Untitled card';
}

export function scanOf(text: string | null): ScanDetails | null {
  if (text === null) return null;
  try {
    const parsed = scanDetails.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What search and the duplicate check match besides the contact's own email and phone. */
export const extraTermsOf = (scan: ScanDetails | null | undefined) => (scan ? [...scan.emails, ...scan.phones] : []);

export function toStored(row: ContactRow): StoredContact {
  const card =
    row.card_id !== null && row.card_username !== null
      ? { id: row.card_id, username: row.card_username, name: cardDisplayName({ title: row.card_title ?? '', name: row.card_person_name ?? '' }) }
      : null;
  return {
    card,
    sortName: row.sort_name,
    contact: {
      id: row.id,
      ownerId: row.owner_id,
      teamOwnerId: row.team_owner_id,
      cardId: row.card_id,
      cardName: card?.name ?? row.card_name,
      kind: row.is_scanned === 1 ? 'scanned' : row.manual_add === 1 ? 'manual' : 'lead',
      manualAdd: row.manual_add === 1,
      name: row.name,
      email: row.email,
      phone: row.phone,
      company: row.company,
      jobTitle: row.job_title,
      message: row.message,
      notes: row.notes,
      consentText: row.consent_text,
      consentAt: row.consent_at,
      scan: scanOf(row.scan_details),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
  };
}
