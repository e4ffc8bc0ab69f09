import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { leadThankYouText } from '@cardstack/shared/cards/schemas';
import {
  contactLimits,
  contactMessages,
  createLeadInput,
  leadHoneypotField,
  type Contact,
  type ContactCard,
  type ContactFilter,
  type ContactListQuery,
  type ContactListResponse,
  type ContactResponse,
  type ContactSummary,
  type CreateContactValues,
  type CreateLeadInput,
  type NotificationSettings,
  type UpdateContactValues,
} from '@cardstack/shared/contacts/schemas';
import { isTeamActive } from '@cardstack/shared/plans/plans';
import { identityKeys, phoneKey, sharedIdentity } from '@cardstack/shared/scanner/duplicates';
import { scannerLimits, scannerMessages, type DuplicateContact, type ScannedContactValues } from '@cardstack/shared/scanner/schemas';
import { buildVCard, vcardContentDisposition } from '@cardstack/shared/vcard/vcard-writer';
import type { AnyConnection } from '../../db/schema';
import type { DialectName } from '../../db/database';
import { AppError, badRequest, notFound } from '../../http/errors';
import { planOf } from '../billing/billing-module';
import { findCard, listCardsOfOwner, listCardsOfTeam } from '../cards/cards-module';
import type { MailOutbox } from '../mail/mail-module';
import { reencodeImage, type FileStorage } from '../storage/storage-module';
import { contactScopeOf, type ContactScope, type ContactsCaller } from './contact-access';
import { decodeCursor, encodeCursor, type ContactCursor } from './contact-cursor';
import { csvExportStream, xlsxExportStream, type ExportFormat } from './contact-export';
import * as repository from './contact-repository';

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
function summaryOfNew(value: repository.NewContact): ContactSummary {
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

const contactNotFound = () => notFound(contactMessages.notFound);
const nowIso = () => new Date().toISOString();

/** Runs `work` in a transaction, or in the caller's when it already is one (a use case may be composed). */
function inTransaction<T>(db: AnyConnection, work: (trx: AnyConnection) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

function toSummary(contact: Contact): ContactSummary {
  const { message: _message, notes: _notes, consentText: _consentText, consentAt: _consentAt, scan: _scan, ...summary } = contact;
  return summary;
}

/** zod issues as the API's per-field messages (the first one per field). */
function fieldsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return fields;
}

// ---- Leads ---------------------------------------------------------------------------------------------

interface CreateLeadOptions {
  cardId: string;
  /** What the visitor sent; validated here with `createLeadInput`, so no caller can skip it. */
  input: CreateLeadInput;
  /**
   * The card owner's team owner (from the teams feature's claims), resolved by the caller before this runs:
   * resolving it inside the transaction would wait forever on SQLite's single connection. Without it the
   * card's own team owner id, else the owner, is used.
   */
  ownerTeamOwnerId?: string;
  now?: Date;
  /** The new-lead mail to the owner. */
  outbox: MailOutbox;
  /** The contacts module's hook (`ContactsDeps.onContactCreated`), told of the new lead in its transaction. */
  onContactCreated?: ContactCreatedHook;
}

interface CreateLeadResult {
  /** null when the honeypot caught a bot: it is thanked like a person and nothing is stored. */
  contactId: string | null;
  /** "Thank you for submitting the form!", or the card's custom message. */
  message: string;
}

/**
 * A visitor left their details through a card's lead form: the card's owner gets a contact of kind lead
 * (`manualAdd` false), which also names the team owner when the card's team is on the team plan, and the
 * new-lead email is queued in the same transaction unless the owner turned it off. Whether the card's page is
 * shown at all (blocked by its plan's card limit) is the public page's decision, made before calling this.
 */
export async function createLead(db: AnyConnection, options: CreateLeadOptions): Promise<CreateLeadResult> {
  const parsed = createLeadInput.safeParse(options.input);
  if (!parsed.success) {
    const fields = fieldsOf(parsed.error.issues);
    throw badRequest(Object.values(fields)[0] ?? 'Check the form.', fields);
  }
  const input = parsed.data;
  const createdAt = (options.now ?? new Date()).toISOString();

  return inTransaction(db, async (trx) => {
    const card = await findCard(trx, options.cardId);
    if (!card) throw notFound(contactMessages.cardNotFound);
    if (!card.leadForm.isEnabled) throw new AppError(403, 'lead-form-off', contactMessages.leadFormOff);
    const message = leadThankYouText(card.leadForm);
    if (input[leadHoneypotField] !== '') return { contactId: null, message };

    const owner = await repository.findLeadRecipient(trx, card.ownerId);
    if (!owner) throw notFound(contactMessages.cardNotFound);
    // The card's team: the team owner of a member's card, else the owner themselves (a user without a team
    // record is their own team owner). Kept only while that team is on the team plan.
    const teamCandidate =
      card.teamOwnerId ?? options.ownerTeamOwnerId ?? card.ownerId;
    const teamPlan = teamCandidate === card.ownerId ? owner.plan : await planOf(trx, teamCandidate);
    const teamOwnerId = isTeamActive(teamPlan) ? teamCandidate : null;
    const cardName = repository.cardDisplayName(card);
    const contactId = crypto.randomUUID();
    const lead: repository.NewContact = {
      id: contactId,
      ownerId: card.ownerId,
      teamOwnerId,
      cardId: card.id,
      cardName,
      manualAdd: false,
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      jobTitle: '',
      message: input.message,
      notes: '',
      consentText: input.consent ? input.consentText : null,
      consentAt: input.consent ? createdAt : null,
      createdAt,
    };
    await repository.insertContact(trx, lead);
    await options.onContactCreated?.(trx, { event: 'lead.created', contact: summaryOfNew(lead) });
    // No mail to an address its owner has not confirmed: the lead stays in Contacts.
    if (owner.emailVerified && (await repository.isNewLeadEmailOn(trx, card.ownerId))) {
      await options.outbox.enqueue(trx, {
        to: owner.email,
        template: 'new-lead',
        data: {
          contactId,
          cardName,
          lead: { name: input.name, email: input.email, phone: input.phone, company: input.company, message: input.message },
          consentAt: input.consent ? createdAt : null,
        },
      });
    }
    return { contactId, message };
  });
}

// ---- The contacts screen -------------------------------------------------------------------------------

function cursorOf(sort: ContactFilter['sort'], stored: repository.StoredContact): ContactCursor {
  return { sort, value: sort === 'name' ? stored.sortName : stored.contact.createdAt, id: stored.contact.id };
}

export async function listContacts(deps: ContactsDeps, caller: ContactsCaller, query: ContactListQuery): Promise<ContactListResponse> {
  const scope = contactScopeOf(caller);
  const { cursor: cursorText, pageSize, ...filter } = query;
  let cursor: ContactCursor | null = null;
  if (cursorText) {
    cursor = decodeCursor(cursorText, filter.sort);
    if (!cursor) throw badRequest('This page link is out of date. Start again from the first page.', { cursor: 'Invalid cursor' });
  }
  const [page, total] = await Promise.all([
    repository.listContactPage(deps.db, deps.dialect, scope, filter, cursor, pageSize),
    repository.countContacts(deps.db, deps.dialect, scope, filter),
  ]);
  const last = page.rows.at(-1);
  return {
    contacts: page.rows.map((stored) => toSummary(stored.contact)),
    total,
    nextCursor: page.hasMore && last ? encodeCursor(cursorOf(filter.sort, last)) : null,
  };
}

async function findInScope(deps: ContactsDeps, scope: ContactScope, contactId: string): Promise<repository.StoredContact> {
  const stored = await repository.findContact(deps.db, scope, contactId);
  if (!stored) throw contactNotFound();
  return stored;
}

export async function getContact(deps: ContactsDeps, caller: ContactsCaller, contactId: string): Promise<ContactResponse> {
  const stored = await findInScope(deps, contactScopeOf(caller), contactId);
  return { contact: stored.contact, card: stored.card };
}

const nameOrEmailMissing = () =>
  badRequest(contactMessages.nameOrEmailRequired, { name: contactMessages.nameOrEmailRequired });

/** A contact added by hand. It may name one of the caller's own cards; it is never a team contact. */
export async function createContact(deps: ContactsDeps, caller: ContactsCaller, values: CreateContactValues): Promise<ContactResponse> {
  if (!values.name && !values.email) throw nameOrEmailMissing();
  let card: ContactCard | null = null;
  if (values.cardId) {
    const found = await findCard(deps.db, values.cardId);
    if (!found || found.ownerId !== caller.userId) {
      throw badRequest(contactMessages.cardNotFound, { cardId: contactMessages.cardNotFound });
    }
    card = { id: found.id, username: found.username, name: repository.cardDisplayName(found) };
  }
  const id = crypto.randomUUID();
  const added: repository.NewContact = {
    id,
    ownerId: caller.userId,
    teamOwnerId: null,
    cardId: card?.id ?? null,
    cardName: card?.name ?? null,
    manualAdd: true,
    name: values.name,
    email: values.email,
    phone: values.phone,
    company: values.company,
    jobTitle: values.jobTitle,
    message: '',
    notes: values.notes,
    consentText: null,
    consentAt: null,
    createdAt: nowIso(),
  };
  await inTransaction(deps.db, async (trx) => {
    await repository.insertContact(trx, added);
    await deps.onContactCreated?.(trx, { event: 'contact.created', contact: summaryOfNew(added) });
  });
  return getContact(deps, caller, id);
}

export async function updateContact(
  deps: ContactsDeps,
  caller: ContactsCaller,
  contactId: string,
  values: UpdateContactValues,
): Promise<ContactResponse> {
  const scope = contactScopeOf(caller, 'manage');
  const { contact } = await findInScope(deps, scope, contactId);
  const next = { ...contact, ...values };
  if (!next.name && !next.email) throw nameOrEmailMissing();
  if (!(await repository.updateContact(deps.db, scope, contact, values, nowIso()))) throw contactNotFound();
  return getContact(deps, caller, contactId);
}

export async function deleteContact(deps: ContactsDeps, caller: ContactsCaller, contactId: string): Promise<void> {
  const scope = contactScopeOf(caller, 'manage');
  const imageKeys = await repository.findImageKeys(deps.db, { scope, ids: [contactId] });
  const deleted = await repository.deleteContacts(deps.db, scope, [contactId]);
  if (deleted === 0) throw contactNotFound();
  await deleteImages(deps, imageKeys);
}

/** After the rows are gone: a photo that cannot be deleted now is only an orphaned file, never a broken contact. */
async function deleteImages(deps: ContactsDeps, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
}

/** All or nothing: when any id is not a contact the caller may delete, none is deleted (404). */
export async function bulkDeleteContacts(deps: ContactsDeps, caller: ContactsCaller, ids: readonly string[]): Promise<number> {
  const scope = contactScopeOf(caller, 'manage');
  const unique = [...new Set(ids)];
  const { deleted, imageKeys } = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const found = await repository.findIdsInScope(trx, scope, unique);
    if (found.length !== unique.length) throw notFound(contactMessages.someNotFound);
    const keys = await repository.findImageKeys(trx, { scope, ids: unique });
    return { deleted: await repository.deleteContacts(trx, scope, unique), imageKeys: keys };
  });
  await deleteImages(deps, imageKeys);
  return deleted;
}

/** One contact as a vCard 3.0 file, built like the card's "Save contact". */
export async function contactVCard(
  deps: ContactsDeps,
  caller: ContactsCaller,
  contactId: string,
): Promise<{ body: string; contentDisposition: string }> {
  const { contact } = await findInScope(deps, contactScopeOf(caller), contactId);
  const body = buildVCard({
    name: contact.name,
    companyName: contact.company,
    jobTitle: contact.jobTitle,
    phones: [contact.phone, ...(contact.scan?.phones ?? [])].filter(Boolean),
    emails: [contact.email, ...(contact.scan?.emails ?? [])].filter(Boolean),
    addresses: contact.scan?.address ? [contact.scan.address] : [],
    links: [...(contact.scan?.websites ?? []), ...(contact.scan?.socialLinks ?? [])].map((url) => ({ kind: 'website', url })),
    description: [contact.message, contact.notes].filter(Boolean).join('\n\n'),
  });
  return { body, contentDisposition: vcardContentDisposition(contact.name || contact.email || 'contact') };
}

/** Every contact of the filter, page by page in the filter's order; the next page is read when asked for. */
async function* contactPages(db: AnyConnection, dialect: DialectName, scope: ContactScope, filter: ContactFilter, pageSize = 500): AsyncGenerator<Contact[]> {
  let cursor: ContactCursor | null = null;
  for (;;) {
    const page = await repository.listContactPage(db, dialect, scope, filter, cursor, pageSize);
    yield page.rows.map((stored) => stored.contact);
    const last = page.rows.at(-1);
    if (!page.hasMore || !last) return;
    cursor = cursorOf(filter.sort, last);
  }
}

/** The current filter as CSV or .xlsx, streamed. The plan gate sits on the route. */
export function exportContacts(deps: ContactsDeps, caller: ContactsCaller, filter: ContactFilter, format: ExportFormat): Readable {
  const pages = contactPages(deps.db, deps.dialect, contactScopeOf(caller), filter);
  return format === 'csv' ? csvExportStream(pages) : xlsxExportStream(pages);
}

/** The cards whose leads the caller sees, for the card filter: their own, plus the team's for a team owner. */
export async function listContactCards(deps: ContactsDeps, caller: ContactsCaller): Promise<ContactCard[]> {
  const scope = contactScopeOf(caller);
  const lists = await Promise.all([
    listCardsOfOwner(deps.db, scope.ownerId, 1000),
    ...scope.teamOwnerIds.map((teamOwnerId) => listCardsOfTeam(deps.db, teamOwnerId, 1000)),
  ]);
  const cards = new Map<string, ContactCard>();
  for (const card of lists.flat()) cards.set(card.id, { id: card.id, username: card.username, name: repository.cardDisplayName(card) });
  return [...cards.values()];
}

// ---- Settings, leaving a team and account deletion ------------------------------------------------------

/**
 * A member leaves the team (removed, or their account is deleted): the leads of the team's cards stay with the
 * team. Call it with the transaction that moves the member's team cards, after the cards moved.
 */
export async function passTeamLeadsToOwner(db: AnyConnection, memberUserId: string, teamOwnerId: string): Promise<number> {
  return repository.passTeamLeadsToOwner(db, memberUserId, teamOwnerId, nowIso());
}

export async function getNotificationSettings(deps: ContactsDeps, userId: string): Promise<NotificationSettings> {
  return { isNewLeadEmailOn: await repository.isNewLeadEmailOn(deps.db, userId) };
}

export async function updateNotificationSettings(
  deps: ContactsDeps,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await repository.setNewLeadEmailOn(deps.db, userId, settings.isNewLeadEmailOn, nowIso());
  return getNotificationSettings(deps, userId);
}

/** Account deletion step. */
export async function deleteContactsOfUser(deps: ContactsDeps, userId: string, trx: AnyConnection = deps.db): Promise<() => Promise<void>> {
  const imageKeys = await repository.findImageKeys(trx, { ownerId: userId });
  await repository.deleteContactsOfUser(trx, userId);
  // The photos go once the deletion committed (a rolled-back deletion keeps its contacts whole).
  return () => deleteImages(deps, imageKeys);
}

// ---- Scanned cards -------------------------------------------------------------------------------------

/** The photo of a card as kept: re-encoded (EXIF and GPS gone), at most this size. */
const cardImageBox = { maxWidth: 1600, maxHeight: 1600, quality: 80 } as const;
const cardImageKey = (contactId: string) => `contact-cards/${contactId}/card.webp`;
const duplicateCandidateLimit = 50;

/** The contacts in the caller's scope that share an email or a phone with a card being reviewed. */
export async function findDuplicateContacts(
  deps: ContactsDeps,
  caller: ContactsCaller,
  card: { emails: readonly string[]; phones: readonly string[] },
): Promise<DuplicateContact[]> {
  const keys = identityKeys(card);
  const candidates = await repository.findContactsMatchingAny(deps.db, deps.dialect, contactScopeOf(caller), [...keys.emails, ...keys.phones], duplicateCandidateLimit);
  return candidates.flatMap(({ contact }) => {
    const matchedOn = sharedIdentity(card, {
      emails: [contact.email, ...(contact.scan?.emails ?? [])],
      phones: [contact.phone, ...(contact.scan?.phones ?? [])],
    });
    return matchedOn.length > 0
      ? [{ id: contact.id, name: contact.name, email: contact.email, phone: contact.phone, company: contact.company, matchedOn }]
      : [];
  });
}

/**
 * Saves a reviewed card: a new contact of kind "scanned" (the caller's own, like a contact added by hand), or,
 * with `mergeIntoId`, the card's details added to that existing contact (empty fields filled, other emails,
 * phones and links kept, the note appended). The photo is re-encoded before anything is written and stored in
 * the same transaction: when either fails nothing is kept.
 */
export async function saveScannedContact(
  deps: ContactsDeps,
  caller: ContactsCaller,
  values: ScannedContactValues,
  upload: Buffer | null,
): Promise<{ contactId: string; isMerged: boolean }> {
  if (!values.name && values.emails.length === 0) throw nameOrEmailMissing();
  const image = upload ? await reencodeImage(upload, cardImageBox) : null;
  // Merging changes an existing contact: that takes the right to change the team's contacts.
  const scope = contactScopeOf(caller, 'manage');
  const target = values.mergeIntoId ? await repository.findContact(deps.db, scope, values.mergeIntoId) : null;
  if (values.mergeIntoId && !target) throw notFound(scannerMessages.mergeTargetNotFound);

  const contactId = target?.contact.id ?? crypto.randomUUID();
  const imageKey = image ? cardImageKey(contactId) : null;
  try {
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      if (target) {
        const changes = mergedChanges(target.contact, values, imageKey !== null);
        if (!(await repository.updateContact(trx, scope, target.contact, { ...changes, ...(imageKey ? { imageKey } : {}) }, nowIso()))) {
          throw notFound(scannerMessages.mergeTargetNotFound);
        }
      } else {
        const [email = '', ...otherEmails] = values.emails;
        const [phone = '', ...otherPhones] = values.phones;
        const scanned: repository.NewContact = {
          id: contactId,
          ownerId: caller.userId,
          teamOwnerId: null,
          cardId: null,
          cardName: null,
          manualAdd: true,
          isScanned: true,
          name: values.name,
          email,
          phone,
          company: values.company,
          jobTitle: values.jobTitle,
          message: '',
          notes: values.notes,
          consentText: null,
          consentAt: null,
          createdAt: nowIso(),
          scan: {
            emails: otherEmails,
            phones: otherPhones,
            websites: values.websites,
            socialLinks: values.socialLinks,
            address: values.address,
            hasImage: image !== null,
          },
          imageKey,
        };
        await repository.insertContact(trx, scanned);
        await deps.onContactCreated?.(trx, { event: 'contact.created', contact: summaryOfNew(scanned) });
      }
      if (image && imageKey) await deps.storage.put(imageKey, image.body, image.contentType);
    });
  } catch (error) {
    // A merge keeps the photo it had unless the new one was written; a new contact never leaves one behind.
    if (imageKey && !target) await deleteImages(deps, [imageKey]);
    throw error;
  }
  return { contactId, isMerged: target !== null };
}

/** The lists of both, without repeats: emails compared case-insensitively, phones by their national number. */
function mergeList(current: readonly string[], added: readonly string[], own: string, keyOf: (value: string) => string = (value) => value.toLowerCase()): string[] {
  const seen = new Set([own, ...current].filter(Boolean).map(keyOf));
  const merged = [...current];
  for (const value of added) {
    if (!seen.has(keyOf(value))) merged.push(value);
    seen.add(keyOf(value));
  }
  return merged.slice(0, scannerLimits.listItems);
}

/** What a merge changes: empty fields take the card's values, lists gain what they lack, the note is appended. */
function mergedChanges(contact: Contact, values: ScannedContactValues, hasNewImage: boolean): repository.ContactChanges {
  const scan = contact.scan ?? { emails: [], phones: [], websites: [], socialLinks: [], address: '', hasImage: false };
  const email = contact.email || values.emails[0] || '';
  const phone = contact.phone || values.phones[0] || '';
  return {
    name: contact.name || values.name,
    email,
    phone,
    company: contact.company || values.company,
    jobTitle: contact.jobTitle || values.jobTitle,
    notes: [contact.notes, values.notes].filter(Boolean).join('\n\n').slice(0, contactLimits.notes),
    scan: {
      emails: mergeList(scan.emails, values.emails, email),
      phones: mergeList(scan.phones, values.phones, phone, (value) => phoneKey(value) ?? value),
      websites: mergeList(scan.websites, values.websites, ''),
      socialLinks: mergeList(scan.socialLinks, values.socialLinks, ''),
      address: scan.address || values.address,
      hasImage: scan.hasImage || hasNewImage,
    },
  };
}

/** The stored photo of a scanned card, for its owner (404 when there is none or the contact is out of scope). */
export async function contactCardImage(deps: ContactsDeps, caller: ContactsCaller, contactId: string) {
  const key = await repository.findImageKey(deps.db, contactScopeOf(caller), contactId);
  const file = key ? await deps.storage.get(key) : null;
  if (!key || !file) throw notFound('This contact has no card photo.');
  return { key, file };
}
