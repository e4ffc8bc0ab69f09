import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { leadThankYouText } from '@cardstack/shared/cards/schemas';
import {
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
import { toUserPlan } from '@cardstack/shared/plans/plans';
import { buildVCard, vcardContentDisposition } from '@cardstack/shared/vcard/vcard-writer';
import type { Database } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { findCard, listCardsOfOwner, listCardsOfTeam } from '../cards/cards-module';
import { enqueueMail } from '../mail/mail-module';
import { contactScopeOf, type ContactScope, type ContactsCaller } from './contact-access';
import { decodeCursor, encodeCursor, type ContactCursor } from './contact-cursor';
import { csvExportStream, xlsxExportStream, type ExportFormat } from './contact-export';
import * as repository from './contact-repository';

export interface ContactsDeps {
  db: Kysely<Database>;
}

const contactNotFound = () => notFound(contactMessages.notFound);
const nowIso = () => new Date().toISOString();

/** Runs `work` in a transaction, or in the caller's when it already is one (a use case may be composed). */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

function toSummary(contact: Contact): ContactSummary {
  const { message: _message, notes: _notes, consentText: _consentText, consentAt: _consentAt, ...summary } = contact;
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
}

interface CreateLeadResult {
  /** null when the honeypot caught a bot: it is thanked like a person and nothing is stored. */
  contactId: string | null;
  /** Spec §8: "'Thank you for submitting the form!' (or a custom message)". */
  message: string;
}

/**
 * A visitor left their details through a card's lead form: the card's owner gets a contact of kind lead
 * (`manualAdd` false), which also names the team owner when the card's team is on the team plan (spec §3), and the
 * new-lead email is queued in the same transaction unless the owner turned it off. Whether the card's page is
 * shown at all (blocked by its plan's card limit) is the public page's decision, made before calling this.
 */
export async function createLead(db: Kysely<Database>, options: CreateLeadOptions): Promise<CreateLeadResult> {
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
    // The card's team: the team owner of a member's card, else the owner themselves (spec §6: "a user without
    // a team record is their own team owner"). Kept only while that team is on the team plan (spec §3).
    const teamCandidate =
      card.teamOwnerId ?? options.ownerTeamOwnerId ?? card.ownerId;
    const teamPlan = teamCandidate === card.ownerId ? owner.plan : (await repository.findLeadRecipient(trx, teamCandidate))?.plan;
    const teamOwnerId = toUserPlan(teamPlan) === 'team' ? teamCandidate : null;
    const cardName = repository.cardDisplayName(card);
    const contactId = crypto.randomUUID();
    await repository.insertContact(trx, {
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
    });
    if (await repository.isNewLeadEmailOn(trx, card.ownerId)) {
      await enqueueMail(trx, {
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
    repository.listContactPage(deps.db, scope, filter, cursor, pageSize),
    repository.countContacts(deps.db, scope, filter),
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
  await repository.insertContact(deps.db, {
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
  });
  return getContact(deps, caller, id);
}

export async function updateContact(
  deps: ContactsDeps,
  caller: ContactsCaller,
  contactId: string,
  values: UpdateContactValues,
): Promise<ContactResponse> {
  const scope = contactScopeOf(caller);
  const { contact } = await findInScope(deps, scope, contactId);
  const next = { ...contact, ...values };
  if (!next.name && !next.email) throw nameOrEmailMissing();
  if (!(await repository.updateContact(deps.db, scope, contact, values, nowIso()))) throw contactNotFound();
  return getContact(deps, caller, contactId);
}

export async function deleteContact(deps: ContactsDeps, caller: ContactsCaller, contactId: string): Promise<void> {
  const deleted = await repository.deleteContacts(deps.db, contactScopeOf(caller), [contactId]);
  if (deleted === 0) throw contactNotFound();
}

/** All or nothing: when any id is not a contact the caller may delete, none is deleted (404). */
export async function bulkDeleteContacts(deps: ContactsDeps, caller: ContactsCaller, ids: readonly string[]): Promise<number> {
  const scope = contactScopeOf(caller);
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const found = await repository.findIdsInScope(trx, scope, unique);
    if (found.length !== unique.length) throw notFound(contactMessages.someNotFound);
    return repository.deleteContacts(trx, scope, unique);
  });
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
    phones: contact.phone ? [contact.phone] : [],
    emails: contact.email ? [contact.email] : [],
    description: [contact.message, contact.notes].filter(Boolean).join('\n\n'),
  });
  return { body, contentDisposition: vcardContentDisposition(contact.name || contact.email || 'contact') };
}

/** Every contact of the filter, page by page in the filter's order; the next page is read when asked for. */
async function* contactPages(db: Kysely<Database>, scope: ContactScope, filter: ContactFilter, pageSize = 500): AsyncGenerator<Contact[]> {
  let cursor: ContactCursor | null = null;
  for (;;) {
    const page = await repository.listContactPage(db, scope, filter, cursor, pageSize);
    yield page.rows.map((stored) => stored.contact);
    const last = page.rows.at(-1);
    if (!page.hasMore || !last) return;
    cursor = cursorOf(filter.sort, last);
  }
}

/** The current filter as CSV or .xlsx, streamed. The plan gate sits on the route. */
export function exportContacts(deps: ContactsDeps, caller: ContactsCaller, filter: ContactFilter, format: ExportFormat): Readable {
  const pages = contactPages(deps.db, contactScopeOf(caller), filter);
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

// ---- Settings and account deletion ---------------------------------------------------------------------

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
export async function deleteContactsOfUser(deps: ContactsDeps, userId: string): Promise<void> {
  await repository.deleteContactsOfUser(deps.db, userId);
}
