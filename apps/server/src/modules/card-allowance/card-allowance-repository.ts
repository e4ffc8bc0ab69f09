import type { Kysely } from 'kysely';
import type { CardForLimit } from '@cardstack/shared/plans/card-limits';
import { toUserPlan, type UserPlan } from '@cardstack/shared/plans/plans';
import type { Database } from '../../db/schema';

/*
 * What the card allowance counts: the cards under an allowance and the membership that puts an owner's cards
 * in a team. Reads only; every function takes the database or a transaction first (creating a card asks
 * through the transaction that adds it).
 */

type Db = Kysely<Database>;

const toCardForLimit = (row: { id: string; is_default: number; created_at: string }): CardForLimit => ({
  id: row.id,
  isDefault: row.is_default === 1,
  createdAt: row.created_at,
});

/** Every card a user owns: what their own plan's allowance counts. */
export async function listCardsOfOwner(db: Db, ownerId: string): Promise<CardForLimit[]> {
  const rows = await db.selectFrom('card').select(['id', 'is_default', 'created_at']).where('owner_id', '=', ownerId).execute();
  return rows.map(toCardForLimit);
}

/** Every card that counts against a team's allowance: the team's cards and the owner's own. */
export async function listCardsOfTeam(db: Db, teamOwnerId: string): Promise<CardForLimit[]> {
  const rows = await db
    .selectFrom('card')
    .select(['id', 'is_default', 'created_at'])
    .where((eb) => eb.or([eb('team_owner_id', '=', teamOwnerId), eb('owner_id', '=', teamOwnerId)]))
    .execute();
  return rows.map(toCardForLimit);
}

/** The plan billing keeps on the user record. */
export async function findStoredPlan(db: Db, userId: string): Promise<UserPlan> {
  const row = await db.selectFrom('user').select('plan').where('id', '=', userId).executeTakeFirst();
  return toUserPlan(row?.plan);
}

/** A user's accepted membership, with the team owner's stored plan; null for someone in no team. */
export async function findMembership(db: Db, userId: string): Promise<{ teamOwnerId: string; teamOwnerPlan: UserPlan } | null> {
  const row = await db
    .selectFrom('team_member')
    .innerJoin('user', 'user.id', 'team_member.team_owner_id')
    .select(['team_member.team_owner_id', 'user.plan'])
    .where('team_member.user_id', '=', userId)
    .where('team_member.is_accepted', '=', 1)
    .executeTakeFirst();
  return row ? { teamOwnerId: row.team_owner_id, teamOwnerPlan: toUserPlan(row.plan) } : null;
}
