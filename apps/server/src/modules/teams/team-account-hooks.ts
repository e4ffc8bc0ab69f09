import type { AnyConnection } from '../../db/schema';
import { releaseTeamCards, transferTeamCards, type CardHandover } from '../cards/cards-module';
import { passTeamLeadsToOwner } from '../contacts/contacts-module';
import { iso, type TeamsDeps } from './team-deps';
import * as repository from './team-repository';

/** Better Auth's session hook: every sign-in of a member updates their first and last login. */
export async function recordSignIn(db: AnyConnection, userId: string, now = new Date()): Promise<void> {
  await repository.recordMemberSignIn(db, userId, iso(now));
}

/**
 * Account deletion step. A member's team cards and the leads collected on them stay with the team (they pass
 * to the owner before the cards and contacts steps delete what the user owns); a team owner's former members keep their cards as personal ones.
 */
export async function onAccountDeleted(deps: Pick<TeamsDeps, 'db' | 'now' | 'cards'>, userId: string): Promise<() => Promise<void>> {
  const membership = await repository.findMembershipOfUser(deps.db, userId);
  const handovers: CardHandover[] = [];
  if (membership) {
    handovers.push(await transferTeamCards(deps.cards, deps.db, { fromUserId: userId, teamOwnerId: membership.team_owner_id, now: deps.now() }));
    await passTeamLeadsToOwner(deps.db, userId, membership.team_owner_id);
  }
  handovers.push(await releaseTeamCards(deps.cards, deps.db, userId, deps.now()));
  return async () => {
    for (const handover of handovers) handover.afterCommit();
  };
}
