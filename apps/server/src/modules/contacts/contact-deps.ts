import { type Contact, type ContactSummary } from '@cardstack/shared/contacts/schemas';
import type { AnyConnection } from '../../db/schema';
import type { DialectName } from '../../db/database';
import { notFound } from '../../http/errors';
import type { FileStorage } from '../storage/storage-module';
import type { ContactScope } from './contact-access';
import * as repository from './contact-repository';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * What every contact use case receives, and what they share: the new-contact hook, the errors, one contact in the
 * caller's scope, removing stored photos.
 */

/**
 * Told inside the transaction that stores a new contact (the integrations module queues its webhook deliveries
 * there): `lead.created` for a visitor's lead, `contact.created` for one the owner added (by hand, by scanning
 * a card, through the API).
 */
export type ContactCreatedHook = (
  trx: AnyConnection,
  change: { event: 'lead.created' | 'contact.created'; contact: ContactSummary },
) => Promise<void>;

export interface ContactsDeps {
  db: AnyConnection;
  /** Search asks each engine's own trigram index. */
  dialect: DialectName;
  /** Where the photos of scanned cards are kept. */
  storage: FileStorage;
  onContactCreated?: ContactCreatedHook;
}

/** The summary of a contact just inserted, as the list shows it (for the hook, without reading it back). */
export function summaryOfNew(value: repository.NewContact): ContactSummary {
  return {
    id: value.id,
    ownerId: value.ownerId,
    teamOwnerId: value.teamOwnerId,
    cardId: value.cardId,
    cardName: value.cardName,
    kind: value.isScanned ? 'scanned' : value.manualAdd ? 'manual' : 'lead',
    manualAdd: value.manualAdd,
    name: value.name,
    email: value.email,
    phone: value.phone,
    company: value.company,
    jobTitle: value.jobTitle,
    createdAt: value.createdAt,
    updatedAt: value.createdAt,
  };
}

export const contactNotFound = () => notFound(keyed('contactNotFound'));

export const nowIso = () => new Date().toISOString();

/** Runs `work` in a transaction, or in the caller's when it already is one (a use case may be composed). */
export function inTransaction<T>(db: AnyConnection, work: (trx: AnyConnection) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export function toSummary(contact: Contact): ContactSummary {
  const { message: _message, notes: _notes, consentText: _consentText, consentAt: _consentAt, scan: _scan, ...summary } = contact;
  return summary;
}

export async function findInScope(deps: ContactsDeps, scope: ContactScope, contactId: string): Promise<repository.StoredContact> {
  const stored = await repository.findContact(deps.db, scope, contactId);
  if (!stored) throw contactNotFound();
  return stored;
}

/** After the rows are gone: a photo that cannot be deleted now is only an orphaned file, never a broken contact. */
export async function deleteImages(deps: ContactsDeps, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
}

/** A contact the caller adds themselves (typed in or scanned): their own, never the team's, with no lead's message or consent. */
export function ownContact(
  caller: { userId: string },
  values: Pick<repository.NewContact, 'id' | 'cardId' | 'cardName' | 'name' | 'email' | 'phone' | 'company' | 'jobTitle' | 'notes'>,
): repository.NewContact {
  return { ...values, ownerId: caller.userId, teamOwnerId: null, manualAdd: true, message: '', consentText: null, consentAt: null, createdAt: nowIso() };
}
