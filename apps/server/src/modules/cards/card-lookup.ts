import { sql, type Kysely } from 'kysely';
import { usernameKey } from '@cardstack/shared/cards/username';
import { isTeamActive, type UserPlan } from '@cardstack/shared/plans/plans';
import { planForCard } from '@cardstack/shared/plans/features';
import type { AnyConnection } from '../../db/schema';
import { planOf } from '../billing/billing-module';
import type { CardTables } from './cards-tables';

/*
 * What the public page and the wallet passes read and record of a card by its public address, on every request:
 * one indexed query each, so a change made by any server process is seen by the next request.
 */

/** Just enough of a card to decide what to answer: served from cache when the version still matches. */
export interface CardRef {
  id: string;
  version: number;
  ownerId: string;
}

/** The card a public address names: by exact id first, then by username ignoring case (primary key or `username_key`). */
export async function findCardByAddress(connection: AnyConnection, key: string): Promise<CardRef | null> {
  const db: Kysely<CardTables> = connection;
  const row = await db
    .selectFrom('card')
    .select(['id', 'version', 'owner_id'])
    .where((eb) => eb.or([eb('id', '=', key), eb('username_key', '=', usernameKey(key))]))
    .orderBy(sql`case when id = ${key} then 0 else 1 end`)
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, version: row.version, ownerId: row.owner_id } : null;
}

/** The vCard recorded on the card (by any server process), to tell whether it is there for the current version. */
export async function findStoredVCard(connection: AnyConnection, cardId: string): Promise<{ vcfFileName: string | null; vcfLink: string | null } | null> {
  const db: Kysely<CardTables> = connection;
  const row = await db.selectFrom('card').select(['vcf_file_name', 'vcf_link']).where('id', '=', cardId).executeTakeFirst();
  return row ? { vcfFileName: row.vcf_file_name, vcfLink: row.vcf_link } : null;
}

/**
 * Records the stored vCard of one version without touching the version: when the card changed meanwhile the
 * row no longer has that version, nothing is written and false comes back (the file is for an old card).
 */
export async function recordStoredVCard(connection: AnyConnection, cardId: string, version: number, fileName: string, link: string): Promise<boolean> {
  const db: Kysely<CardTables> = connection;
  const result = await db
    .updateTable('card')
    .set({ vcf_file_name: fileName, vcf_link: link })
    .where('id', '=', cardId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The plan whose features a card offers its visitors (the wallet buttons and passes): the same rule as for its
 * editor, seen from its owner — a team card of an active team has Teams, any other card its owner's plan.
 */
export async function planOfCard(db: AnyConnection, card: { ownerId: string; teamOwnerId: string | null }): Promise<UserPlan> {
  const ownerPlan = await planOf(db, card.ownerId);
  if (card.teamOwnerId === null) return ownerPlan;
  const teamOwnerPlan = card.teamOwnerId === card.ownerId ? ownerPlan : await planOf(db, card.teamOwnerId);
  return planForCard({ plan: ownerPlan, teamOwnerId: card.teamOwnerId, isTeamMode: isTeamActive(teamOwnerPlan) }, card);
}
