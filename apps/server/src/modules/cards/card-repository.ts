import type { Kysely } from 'kysely';
import type { Card, CardSummary } from '@cardstack/shared/cards/schemas';
import { usernameKey, usernameQuarantineDays } from '@cardstack/shared/cards/username';
import type { CardForLimit } from '@cardstack/shared/plans/card-limits';
import type { DialectName } from '../../db/database';
import { lockUserRow, userView } from '../auth/auth-module';
import type { CardTables } from './cards-tables';
import { summaryColumns, toCard, toColumns, toSummary, type CardChanges } from './card-rows';

export type { CardChanges } from './card-rows';

/*
 * The only place that knows how cards are stored. It speaks in `Card` objects; JSON columns and 0/1
 * booleans stay in here and in the row mapping (card-rows.ts). Every function takes the database or a transaction as its first argument.
 */

type Db = Kysely<CardTables>;


export async function insertCard(db: Db, value: Card): Promise<void> {
  const { id, ownerId, version, createdAt, updatedAt, ...rest } = value;
  const columns = toColumns(rest);
  await db
    .insertInto('card')
    .values({
      ...(columns as Required<typeof columns>),
      id,
      owner_id: ownerId,
      version,
      created_at: createdAt,
      updated_at: updatedAt,
    })
    .execute();
}

export async function findCardById(db: Db, id: string): Promise<Card | null> {
  const row = await db.selectFrom('card').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toCard(row) : null;
}

/** A user's own cards (not the team's), oldest first: what the account's archive carries. */
export async function listOwnCards(db: Db, ownerId: string): Promise<Card[]> {
  const rows = await db.selectFrom('card').selectAll().where('owner_id', '=', ownerId).where('team_owner_id', 'is', null).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  return rows.map(toCard);
}

/**
 * Reads a card and, on PostgreSQL, locks its row until the transaction ends, so read-modify-write changes
 * to its JSON lists cannot lose each other's updates. SQLite runs one transaction at a time anyway.
 */
export async function findCardForUpdate(db: Db, dialect: DialectName, id: string): Promise<Card | null> {
  let query = db.selectFrom('card').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  return row ? toCard(row) : null;
}

/**
 * Serialises the default-card decisions of one owner (create, set default, delete) on PostgreSQL by locking
 * the owner's user row. The partial unique index would refuse a second default anyway; the lock turns what
 * would be an error for one of two concurrent requests into a clean wait.
 */
export async function lockOwner(db: Db, dialect: DialectName, ownerId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await lockUserRow(db, ownerId);
}

export async function countCardsByOwner(db: Db, ownerId: string): Promise<number> {
  const row = await db.selectFrom('card').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Newest first; ties (same millisecond) broken by id so the order is stable. */
export async function listCardsByOwner(db: Db, ownerId: string, limit: number): Promise<CardSummary[]> {
  const rows = await db
    .selectFrom('card')
    .select(summaryColumns)
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/** A team's cards, for the teams feature. */
export async function listCardsByTeamOwner(db: Db, teamOwnerId: string, limit: number): Promise<CardSummary[]> {
  const rows = await db
    .selectFrom('card')
    .select(summaryColumns)
    .where('team_owner_id', '=', teamOwnerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

export async function listCardIdsByOwner(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db.selectFrom('card').select('id').where('owner_id', '=', ownerId).execute();
  return rows.map((row) => row.id);
}

/** The ids of a team's cards (its members' team cards). */
export async function listCardIdsByTeamOwner(db: Db, teamOwnerId: string): Promise<string[]> {
  const rows = await db.selectFrom('card').select('id').where('team_owner_id', '=', teamOwnerId).execute();
  return rows.map((row) => row.id);
}

/** How many of the team's cards each member user holds. */
export async function countTeamCardsByOwner(db: Db, teamOwnerId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('card')
    .select(['owner_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('team_owner_id', '=', teamOwnerId)
    .groupBy('owner_id')
    .execute();
  return new Map(rows.map((row) => [row.owner_id, Number(row.count)]));
}

/** Gives a member's team cards to the team owner, not as a default (the owner already has one or chooses); their ids. */
export async function passTeamCardsToOwner(db: Db, fromUserId: string, teamOwnerId: string, now: string): Promise<string[]> {
  const rows = await db.selectFrom('card').select('id').where('owner_id', '=', fromUserId).where('team_owner_id', '=', teamOwnerId).execute();
  if (rows.length === 0) return [];
  await db
    .updateTable('card')
    .set((eb) => ({ owner_id: teamOwnerId, is_default: 0, version: eb('version', '+', 1), updated_at: now }))
    .where('owner_id', '=', fromUserId)
    .where('team_owner_id', '=', teamOwnerId)
    .execute();
  return rows.map((row) => row.id);
}

/** A team's cards held by its former members become their personal cards; their ids and owners. */
export async function releaseTeamCards(db: Db, teamOwnerId: string, now: string): Promise<{ id: string; owner_id: string }[]> {
  const rows = await db.selectFrom('card').select(['id', 'owner_id']).where('team_owner_id', '=', teamOwnerId).where('owner_id', '!=', teamOwnerId).execute();
  if (rows.length === 0) return [];
  await db
    .updateTable('card')
    .set((eb) => ({ team_owner_id: null, version: eb('version', '+', 1), updated_at: now }))
    .where('team_owner_id', '=', teamOwnerId)
    .where('owner_id', '!=', teamOwnerId)
    .execute();
  return rows;
}

/** Applies changes and bumps the version (the public page caches per version). */
export async function updateCard(db: Db, id: string, changes: CardChanges, now: string): Promise<number> {
  const result = await db
    .updateTable('card')
    .set(toColumns(changes))
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function ownerHasDefaultCard(db: Db, ownerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('card')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Clears the owner's default, then makes `id` the default: in this order, as the unique index requires. */
export async function makeDefaultCard(db: Db, ownerId: string, id: string, now: string): Promise<void> {
  await db
    .updateTable('card')
    .set((eb) => ({ is_default: 0, version: eb('version', '+', 1), updated_at: now }))
    .where('owner_id', '=', ownerId)
    .where('is_default', '=', 1)
    .where('id', '!=', id)
    .execute();
  await db
    .updateTable('card')
    .set((eb) => ({ is_default: 1, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('is_default', '=', 0)
    .execute();
}

export async function newestCardIdOfOwner(db: Db, ownerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('card')
    .select('id')
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Deletes the card; its chosen username is held for the account that had it (see `releaseUsernames`). */
export async function deleteCardRow(db: Db, id: string, now: string): Promise<void> {
  const row = await db.selectFrom('card').select(['id', 'username', 'owner_id']).where('id', '=', id).executeTakeFirst();
  if (row) await releaseUsernames(db, [{ cardId: row.id, username: row.username }], row.owner_id, now);
  await db.deleteFrom('card').where('id', '=', id).execute();
}

export async function deleteCardRowsOfOwner(db: Db, ownerId: string, now: string): Promise<void> {
  const rows = await db.selectFrom('card').select(['id', 'username']).where('owner_id', '=', ownerId).execute();
  await releaseUsernames(db, rows.map((row) => ({ cardId: row.id, username: row.username })), ownerId, now);
  await db.deleteFrom('card').where('owner_id', '=', ownerId).execute();
}

const quarantineStart = (now: string) => new Date(Date.parse(now) - usernameQuarantineDays * 24 * 60 * 60_000).toISOString();

/**
 * Usernames a card gives up stay reserved for the account that held them for `usernameQuarantineDays`. A
 * generated username (the card's own id) is not reserved: it dies with the card and is never generated again.
 * Reservations past the period are dropped on the way.
 */
export async function releaseUsernames(db: Db, released: readonly { cardId: string; username: string }[], userId: string, now: string): Promise<void> {
  await db.deleteFrom('released_username').where('released_at', '<=', quarantineStart(now)).execute();
  for (const { cardId, username } of released) {
    if (username === cardId) continue;
    await db
      .insertInto('released_username')
      .values({ username_key: usernameKey(username), user_id: userId, released_at: now })
      .onConflict((conflict) => conflict.column('username_key').doUpdateSet({ user_id: userId, released_at: now }))
      .execute();
  }
}

/**
 * Whether another card already answers to this name: its username (ignoring case) or its id, since a
 * public address may name a card by either; or it was given up within the quarantine period by an account
 * other than `forUserId`.
 */
export async function isUsernameTaken(db: Db, username: string, options: { exceptCardId?: string | undefined; forUserId: string; now: string }): Promise<boolean> {
  let query = db
    .selectFrom('card')
    .select('id')
    .where((eb) => eb.or([eb('username_key', '=', usernameKey(username)), eb('id', '=', username)]));
  if (options.exceptCardId) query = query.where('id', '!=', options.exceptCardId);
  if ((await query.limit(1).executeTakeFirst()) !== undefined) return true;
  const reserved = await db
    .selectFrom('released_username')
    .select('user_id')
    .where('username_key', '=', usernameKey(username))
    .where('released_at', '>', quarantineStart(options.now))
    .executeTakeFirst();
  return reserved !== undefined && reserved.user_id !== options.forUserId;
}

/** Which of the card table's unique indexes a failed write ran into, if any. */
export function uniqueViolationOf(error: unknown): 'username' | 'default' | 'id' | null {
  if (!error || typeof error !== 'object') return null;
  const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
  if (code === '23505') {
    if (constraint === 'card_username_key_unique') return 'username';
    if (constraint === 'card_one_default_per_owner') return 'default';
    if (constraint === 'card_pkey') return 'id';
    return null;
  }
  if (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT') && typeof message === 'string') {
    if (message.includes('card.username_key')) return 'username';
    if (message.includes('card.owner_id')) return 'default';
    if (message.includes('card.id')) return 'id';
  }
  return null;
}

// ---- The card allowance's counts ----------------------------------------------------------------------

const toCardForLimit = (row: { id: string; is_default: number; created_at: string }): CardForLimit => ({
  id: row.id,
  isDefault: row.is_default === 1,
  createdAt: row.created_at,
});

/** Every card a user owns: what their own plan's allowance counts. */
export async function listCardsUnderOwnAllowance(db: Db, ownerId: string): Promise<CardForLimit[]> {
  const rows = await db.selectFrom('card').select(['id', 'is_default', 'created_at']).where('owner_id', '=', ownerId).execute();
  return rows.map(toCardForLimit);
}

/** Every card that counts against a team's allowance: the team's cards and the owner's own. */
export async function listCardsUnderTeamAllowance(db: Db, teamOwnerId: string): Promise<CardForLimit[]> {
  const rows = await db
    .selectFrom('card')
    .select(['id', 'is_default', 'created_at'])
    .where((eb) => eb.or([eb('team_owner_id', '=', teamOwnerId), eb('owner_id', '=', teamOwnerId)]))
    .execute();
  return rows.map(toCardForLimit);
}

// ---- With their owners' names ----------------------------------------------------------------------

/** A set of cards: one user's own, or a team's (its members' team cards and the owner's). */
export type CardSet = { ownerId: string } | { teamOwnerId: string };

/** A card as the insights dashboard names and groups it: with its owner's name and its links. */
export interface CardWithOwnerName {
  id: string;
  title: string;
  name: string;
  username: string;
  ownerId: string;
  ownerName: string;
  links: string;
}

export async function listCardsWithOwnerNames(db: Db, cards: CardSet): Promise<CardWithOwnerName[]> {
  let query = db
    .selectFrom('card')
    .leftJoin(userView().as('user'), 'user.id', 'card.owner_id')
    .select(['card.id', 'card.title', 'card.name', 'card.username', 'card.owner_id', 'user.name as owner_name', 'card.links']);
  query =
    'ownerId' in cards
      ? query.where('card.owner_id', '=', cards.ownerId)
      : query.where((eb) => eb.or([eb('card.team_owner_id', '=', cards.teamOwnerId), eb('card.owner_id', '=', cards.teamOwnerId)]));
  const rows = await query.orderBy('card.created_at').orderBy('card.id').execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    name: row.name,
    username: row.username,
    ownerId: row.owner_id,
    ownerName: row.owner_name ?? '',
    links: row.links,
  }));
}
