import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Contact, ContactFilter } from '@cardstack/shared/contacts/schemas';
import type { DialectName } from '../../db/database';
import { userView } from '../auth/auth-module';
import { planView } from '../billing/billing-module';
import { cardLabelView, teamCardIds } from '../cards/cards-module';
import type { ContactTables } from './contacts-tables';
import type { ContactScope } from './contact-access';
import type { ContactCursor } from './contact-cursor';
import { likePatternOf, searchTermsOf, searchTextOf, sortNameOf, trigramQueryOf } from './contact-search';
import { contactColumns, extraTermsOf, scanOf, toStored, type ContactChanges, type NewContact, type StoredContact } from './contact-rows';

export { cardDisplayName, type ContactChanges, type NewContact, type StoredContact } from './contact-rows';

/*
 * The only place that knows how contacts are stored. It speaks in `Contact` objects; 0/1 booleans and the
 * search columns stay in here and in the row mapping (contact-rows.ts). Every function takes the database or a transaction as its first argument, and
 * every read or change of existing contacts takes the caller's scope, so no query can forget it.
 */

type Db = Kysely<ContactTables>;

type ScopeColumn = 'contact.owner_id' | 'contact.team_owner_id' | 'contact.card_id';

/**
 * `viaSearchIndex`: the rows come from SQLite's search index, so the scope's columns are written `+column`,
 * which keeps SQLite from walking the owner's index instead (without table statistics it would, and read every
 * contact of the owner for a term that matches one).
 */
function inScope(eb: ExpressionBuilder<ContactTables, 'contact'>, scope: ContactScope, viaSearchIndex = false) {
  const column = (name: ScopeColumn) => (viaSearchIndex ? sql<string>`+${eb.ref(name)}` : eb.ref(name));
  const own = eb(column('contact.owner_id'), '=', scope.ownerId);
  return scope.teamOwnerIds.length === 0 ? own : eb.or([own, eb(column('contact.team_owner_id'), 'in', [...scope.teamOwnerIds])]);
}

function selectContacts(db: Db) {
  return db
    .selectFrom('contact')
    .leftJoin(cardLabelView().as('card'), 'card.id', 'contact.card_id')
    .select(contactColumns)
    .select(['card.title as card_title', 'card.name as card_person_name', 'card.username as card_username']);
}

/**
 * On SQLite the search index drives the query only while the term is rare: up to this many rows holding it
 * (in all contacts), looking each up by rowid beats reading the owner's index; above it (a term most contacts
 * share, "example.com") reading the index entries is cheaper than thousands of lookups and a sort.
 * Measured on 100k contacts: a 1-in-100k term 31 → 2 ms; "example.com" (all of them) 210 ms via the index, 17 ms reading.
 */
const searchIndexDrivesUpTo = 1_000;

/** The FTS5 query that drives a search on SQLite, or null when the owner's index serves it better. */
async function searchIndexQueryOf(db: Db, dialect: DialectName, terms: readonly string[]): Promise<string | null> {
  const query = dialect === 'sqlite' ? trigramQueryOf(terms) : null;
  if (!query) return null;
  const { rows } = await sql<{ found: number }>`
    select count(*) as found from (select rowid from contact_search where contact_search match ${query} limit ${searchIndexDrivesUpTo + 1})
  `.execute(db);
  return Number(rows[0]?.found ?? 0) <= searchIndexDrivesUpTo ? query : null;
}

/** The filter's conditions: scope, card, kind and search (`trigramQuery` from `searchIndexQueryOf`). */
function matchesFilter(
  eb: ExpressionBuilder<ContactTables, 'contact'>,
  scope: ContactScope,
  filter: Pick<ContactFilter, 'cardId' | 'kind' | 'search'>,
  trigramQuery: string | null,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [inScope(eb, scope, trigramQuery !== null)];
  if (filter.cardId) {
    const cardColumn = trigramQuery ? sql<string>`+${eb.ref('contact.card_id')}` : eb.ref('contact.card_id');
    conditions.push(eb(cardColumn, '=', filter.cardId));
  }
  if (filter.kind === 'scanned') conditions.push(eb('contact.is_scanned', '=', 1));
  else if (filter.kind) {
    conditions.push(eb('contact.manual_add', '=', filter.kind === 'manual' ? 1 : 0), eb('contact.is_scanned', '=', 0));
  }
  const terms = filter.search ? searchTermsOf(filter.search) : [];
  if (terms.length > 0) conditions.push(holdsAnyTerm(eb, terms, trigramQuery));
  return eb.and(conditions);
}

/**
 * The search text holds any of the (lower-cased) terms as a substring. PostgreSQL's trigram index serves the
 * LIKE itself; on SQLite the FTS5 trigram table names the candidate rows (`trigramQuery`) and the LIKE
 * confirms them. A term shorter than a trigram cannot use either index and reads the owner's contacts.
 */
function holdsAnyTerm(eb: ExpressionBuilder<ContactTables, 'contact'>, terms: readonly string[], trigramQuery: string | null): Expression<SqlBool> {
  const like = eb.or(terms.map((term) => sql<SqlBool>`${eb.ref('contact.search_text')} like ${likePatternOf(term)} escape '\\'`));
  if (!trigramQuery) return like;
  return eb.and([sql<SqlBool>`contact.rowid in (select rowid from contact_search where contact_search match ${trigramQuery})`, like]);
}

function contactRow(value: NewContact) {
  return {
    id: value.id,
    owner_id: value.ownerId,
    team_owner_id: value.teamOwnerId,
    card_id: value.cardId,
    card_name: value.cardName,
    manual_add: value.manualAdd ? 1 : 0,
    name: value.name,
    email: value.email,
    phone: value.phone,
    company: value.company,
    job_title: value.jobTitle,
    message: value.message,
    notes: value.notes,
    consent_text: value.consentText,
    consent_at: value.consentAt,
    is_scanned: value.isScanned ? 1 : 0,
    scan_details: value.scan ? JSON.stringify(value.scan) : null,
    image_key: value.imageKey ?? null,
    import_id: value.importId ?? null,
    search_text: searchTextOf(value, extraTermsOf(value.scan)),
    sort_name: sortNameOf(value),
    created_at: value.createdAt,
    updated_at: value.createdAt,
  };
}

/**
 * A user's own contacts and leads, oldest first: what the account's archive carries. Leads kept for a team owner
 * other than the user stay with that team; a user's own team (they are its owner) is theirs.
 */
export async function listOwnContactRows(db: Db, ownerId: string) {
  return db
    .selectFrom('contact')
    .select(['id', 'card_id', 'card_name', 'manual_add', 'is_scanned', 'name', 'email', 'phone', 'company', 'job_title', 'message', 'notes', 'consent_text', 'consent_at', 'scan_details', 'image_key', 'created_at'])
    .where('owner_id', '=', ownerId)
    .where((eb) => eb.or([eb('team_owner_id', 'is', null), eb('team_owner_id', '=', ownerId)]))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function insertContact(db: Db, value: NewContact): Promise<void> {
  await db.insertInto('contact').values(contactRow(value)).execute();
}

/** Several contacts in one statement (an import's batch). */
export async function insertContacts(db: Db, values: readonly NewContact[]): Promise<void> {
  if (values.length > 0) await db.insertInto('contact').values(values.map(contactRow)).execute();
}

export async function findContact(db: Db, scope: ContactScope, id: string): Promise<StoredContact | null> {
  const row = await selectContacts(db)
    .where('contact.id', '=', id)
    .where((eb) => inScope(eb, scope))
    .executeTakeFirst();
  return row ? toStored(row) : null;
}

/**
 * One page in the filter's order, starting after `cursor`. Reads one row more than asked to know whether
 * another page follows.
 */
export async function listContactPage(
  db: Db,
  dialect: DialectName,
  scope: ContactScope,
  filter: ContactFilter,
  cursor: ContactCursor | null,
  limit: number,
): Promise<{ rows: StoredContact[]; hasMore: boolean }> {
  const trigramQuery = filter.search ? await searchIndexQueryOf(db, dialect, searchTermsOf(filter.search)) : null;
  let query = selectContacts(db).where((eb) => matchesFilter(eb, scope, filter, trigramQuery));
  if (filter.sort === 'name') {
    if (cursor) query = query.where((eb) => eb(eb.refTuple('contact.sort_name', 'contact.id'), '>', eb.tuple(cursor.value, cursor.id)));
    query = query.orderBy('contact.sort_name', 'asc').orderBy('contact.id', 'asc');
  } else {
    const direction = filter.sort === 'oldest' ? 'asc' : 'desc';
    if (cursor) {
      query = query.where((eb) =>
        eb(eb.refTuple('contact.created_at', 'contact.id'), direction === 'asc' ? '>' : '<', eb.tuple(cursor.value, cursor.id)),
      );
    }
    query = query.orderBy('contact.created_at', direction).orderBy('contact.id', direction);
  }
  const rows = await query.limit(limit + 1).execute();
  return { rows: rows.slice(0, limit).map(toStored), hasMore: rows.length > limit };
}

export async function countContacts(db: Db, dialect: DialectName, scope: ContactScope, filter: ContactFilter): Promise<number> {
  const trigramQuery = filter.search ? await searchIndexQueryOf(db, dialect, searchTermsOf(filter.search)) : null;
  const row = await db
    .selectFrom('contact')
    .select(sql<number>`count(*)`.as('total'))
    .where((eb) => matchesFilter(eb, scope, filter, trigramQuery))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Applies changes to a contact in scope; the search columns follow. Returns false when there was none. */
export async function updateContact(db: Db, scope: ContactScope, current: Contact, changes: ContactChanges, now: string): Promise<boolean> {
  const next = { ...current, ...changes };
  const result = await db
    .updateTable('contact')
    .set({
      name: next.name,
      email: next.email,
      phone: next.phone,
      company: next.company,
      job_title: next.jobTitle,
      notes: next.notes,
      ...(changes.scan !== undefined ? { scan_details: changes.scan ? JSON.stringify(changes.scan) : null } : {}),
      ...(changes.imageKey !== undefined ? { image_key: changes.imageKey } : {}),
      search_text: searchTextOf(next, extraTermsOf(next.scan)),
      sort_name: sortNameOf(next),
      updated_at: now,
    })
    .where('contact.id', '=', current.id)
    .where((eb) => inScope(eb, scope))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Contacts in scope whose search text holds any of the terms (lower-cased emails, phone digits): the candidates
 * the duplicate check then compares exactly.
 */
export async function findContactsMatchingAny(
  db: Db,
  dialect: DialectName,
  scope: ContactScope,
  terms: readonly string[],
  limit: number,
): Promise<StoredContact[]> {
  if (terms.length === 0) return [];
  const trigramQuery = await searchIndexQueryOf(db, dialect, terms);
  const rows = await selectContacts(db)
    .where((eb) => eb.and([inScope(eb, scope, trigramQuery !== null), holdsAnyTerm(eb, terms, trigramQuery)]))
    .orderBy('contact.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toStored);
}

/** The storage key of a contact's card photo, when it has one and is in scope. */
export async function findImageKey(db: Db, scope: ContactScope, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('contact')
    .select('contact.image_key')
    .where('contact.id', '=', id)
    .where((eb) => inScope(eb, scope))
    .executeTakeFirst();
  return row?.image_key ?? null;
}

/** The photo keys of these contacts in scope (before they are deleted), or of every contact a user owns. */
export async function findImageKeys(db: Db, where: { scope: ContactScope; ids: readonly string[] } | { ownerId: string }): Promise<string[]> {
  let query = db.selectFrom('contact').select('contact.image_key').where('contact.image_key', 'is not', null);
  if ('ownerId' in where) query = query.where('contact.owner_id', '=', where.ownerId);
  else {
    if (where.ids.length === 0) return [];
    query = query.where('contact.id', 'in', [...where.ids]).where((eb) => inScope(eb, where.scope));
  }
  return (await query.execute()).flatMap((row) => (row.image_key ? [row.image_key] : []));
}

/** Which of these ids are contacts in scope. */
export async function findIdsInScope(db: Db, scope: ContactScope, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('contact')
    .select('contact.id')
    .where('contact.id', 'in', [...ids])
    .where((eb) => inScope(eb, scope))
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteContacts(db: Db, scope: ContactScope, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('contact')
    .where('contact.id', 'in', [...ids])
    .where((eb) => inScope(eb, scope))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The leads a member collected on the team's cards (kept for the team, or arrived on a card the team holds)
 * become the team owner's: they belong to the team, not to the person who leaves it. Contacts the member
 * added by hand stay theirs. Returns how many passed.
 */
export async function passTeamLeadsToOwner(db: Db, memberUserId: string, teamOwnerId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('contact')
    .set({ owner_id: teamOwnerId, team_owner_id: teamOwnerId, updated_at: now })
    .where('owner_id', '=', memberUserId)
    .where('manual_add', '=', 0)
    .where((eb) =>
      eb.or([
        eb('team_owner_id', '=', teamOwnerId),
        eb('card_id', 'in', teamCardIds(teamOwnerId)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Account deletion: the user's contacts and settings go; leads of other members that named the user as their
 * team owner stay with those members, no longer tied to a team.
 */
export async function deleteContactsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('contact').where('owner_id', '=', userId).execute();
  await db.updateTable('contact').set({ team_owner_id: null }).where('team_owner_id', '=', userId).execute();
  await db.deleteFrom('user_setting').where('user_id', '=', userId).execute();
}

/**
 * The emails and phones of every contact in scope, a page at a time in id order (after `afterId`): what an import
 * matches its contacts against.
 */
export async function identityPage(
  db: Db,
  scope: ContactScope,
  afterId: string,
  pageSize: number,
): Promise<{ id: string; email: string; phone: string; scan: Contact['scan'] }[]> {
  const rows = await db
    .selectFrom('contact')
    .select(['contact.id', 'contact.email', 'contact.phone', 'contact.scan_details'])
    .where((eb) => inScope(eb, scope))
    .where('contact.id', '>', afterId)
    .orderBy('contact.id')
    .limit(pageSize)
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, phone: row.phone, scan: scanOf(row.scan_details) }));
}

/** On unless the user turned it off (no settings row means the defaults). */
export async function isNewLeadEmailOn(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('user_setting').select('is_new_lead_email_on').where('user_id', '=', userId).executeTakeFirst();
  return row ? row.is_new_lead_email_on === 1 : true;
}

export async function setNewLeadEmailOn(db: Db, userId: string, isOn: boolean, now: string): Promise<void> {
  const value = isOn ? 1 : 0;
  await db
    .insertInto('user_setting')
    .values({ user_id: userId, is_new_lead_email_on: value, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ is_new_lead_email_on: value, updated_at: now }))
    .execute();
}

/** The owner a lead goes to: their email for the notification and their plan for the team rule. */
export async function findLeadRecipient(db: Db, userId: string): Promise<{ email: string; name: string; plan: string; emailVerified: boolean } | null> {
  const row = await db
    .selectFrom(userView().as('user'))
    .innerJoin(planView().as('user_plan'), 'user_plan.id', 'user.id')
    .select(['user.email', 'user.name', 'user_plan.plan', 'user.emailVerified'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
  return row ? { ...row, emailVerified: Boolean(row.emailVerified) } : null;
}
