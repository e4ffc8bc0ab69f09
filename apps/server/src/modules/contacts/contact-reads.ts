import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Contact, ContactCard, ContactFilter, ContactListQuery, ContactListResponse, ContactResponse } from '@cardstack/shared/contacts/schemas';
import { buildVCard, vcardContentDisposition, type VCardInput } from '@cardstack/shared/vcard/vcard-writer';
import type { AnyConnection } from '../../db/schema';
import type { DialectName } from '../../db/database';
import { badRequest } from '../../http/errors';
import { listCardsOfOwner, listCardsOfTeam } from '../cards/cards-module';
import { prepareVCardPhoto } from '../storage/storage-module';
import { contactScopeOf, type ContactsCaller, type ContactScope } from './contact-access';
import { decodeCursor, encodeCursor, type ContactCursor } from './contact-cursor';
import { csvExportStream, xlsxExportStream, type ExportFormat } from './contact-export';
import * as repository from './contact-repository';
import { findInScope, toSummary, type ContactsDeps } from './contact-deps';
import { keyed } from '@cardstack/shared/i18n/keyed';

function cursorOf(sort: ContactFilter['sort'], stored: repository.StoredContact): ContactCursor {
  return { sort, value: sort === 'name' ? stored.sortName : stored.contact.createdAt, id: stored.contact.id };
}

export async function listContacts(deps: ContactsDeps, caller: ContactsCaller, query: ContactListQuery): Promise<ContactListResponse> {
  const scope = contactScopeOf(caller);
  const { cursor: cursorText, pageSize, ...filter } = query;
  let cursor: ContactCursor | null = null;
  if (cursorText) {
    cursor = decodeCursor(cursorText, filter.sort);
    if (!cursor) throw badRequest(keyed('pageLinkOutdated'), { cursor: keyed('invalidCursor') });
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

export async function getContact(deps: ContactsDeps, caller: ContactsCaller, contactId: string): Promise<ContactResponse> {
  const stored = await findInScope(deps, contactScopeOf(caller), contactId);
  return { contact: stored.contact, card: stored.card };
}

/**
 * A contact as vCard input: every email and phone (a scanned card's extra ones too), the card's address and
 * links, and a note with the lead's message, the owner's notes, and when and through which card the lead came.
 */
function vcardInputOf(contact: Contact, photoJpeg: Buffer | null = null): VCardInput {
  const lead = contact.manualAdd ? '' : `Lead ${contact.createdAt.slice(0, 10)}${contact.cardName ? ` (${contact.cardName})` : ''}`;
  return {
    name: contact.name,
    companyName: contact.company,
    jobTitle: contact.jobTitle,
    phones: [contact.phone, ...(contact.scan?.phones ?? [])].filter(Boolean),
    emails: [contact.email, ...(contact.scan?.emails ?? [])].filter(Boolean),
    addresses: contact.scan?.address ? [contact.scan.address] : [],
    links: [...(contact.scan?.websites ?? []), ...(contact.scan?.socialLinks ?? [])].map((url) => ({ kind: 'website', url })),
    description: [contact.message, contact.notes, lead].filter(Boolean).join('\n\n'),
    photoJpeg,
  };
}

/** One contact as a vCard 3.0 file, built like the card's "Save contact". */
export async function contactVCard(
  deps: ContactsDeps,
  caller: ContactsCaller,
  contactId: string,
): Promise<{ body: string; contentDisposition: string }> {
  const { contact } = await findInScope(deps, contactScopeOf(caller), contactId);
  return { body: buildVCard(vcardInputOf(contact)), contentDisposition: vcardContentDisposition(contact.name || contact.email || 'contact') };
}

/** The scanned card's photo, made small for a vCard; none when there is none or it cannot be read. */
async function scannedCardPhoto(deps: ContactsDeps, scope: ContactScope, contact: Contact): Promise<Buffer | null> {
  if (!contact.scan?.hasImage) return null;
  try {
    const key = await repository.findImageKey(deps.db, scope, contact.id);
    const stored = key ? await deps.storage.get(key) : null;
    return stored ? await prepareVCardPhoto(await buffer(stored.body)) : null;
  } catch {
    return null; // the contact is exported without its photo rather than the export failing halfway
  }
}

/** Every contact of the filter as one vCard file, page by page, each with its scanned card's photo. */
async function* vcardPages(deps: ContactsDeps, scope: ContactScope, pages: AsyncIterable<readonly Contact[]>): AsyncGenerator<string> {
  for await (const page of pages) {
    const cards: string[] = [];
    for (const contact of page) cards.push(buildVCard(vcardInputOf(contact, await scannedCardPhoto(deps, scope, contact))));
    if (cards.length > 0) yield cards.join('');
  }
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

/** The current filter as CSV, .xlsx or vCard, streamed. The plan gate sits on the route. */
export function exportContacts(deps: ContactsDeps, caller: ContactsCaller, filter: ContactFilter, format: ExportFormat): Readable {
  const scope = contactScopeOf(caller);
  const pages = contactPages(deps.db, deps.dialect, scope, filter);
  if (format === 'vcf') return Readable.from(vcardPages(deps, scope, pages), { objectMode: false });
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
