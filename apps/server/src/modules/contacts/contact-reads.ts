import type { Readable } from 'node:stream';
import type { Contact, ContactCard, ContactFilter, ContactListQuery, ContactListResponse, ContactResponse } from '@cardstack/shared/contacts/schemas';
import { buildVCard, vcardContentDisposition } from '@cardstack/shared/vcard/vcard-writer';
import type { AnyConnection } from '../../db/schema';
import type { DialectName } from '../../db/database';
import { badRequest } from '../../http/errors';
import { listCardsOfOwner, listCardsOfTeam } from '../cards/cards-module';
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
