import type { Card, CreateCardValues } from '@cardstack/shared/cards/schemas';
import type { TeamCardsResponse } from '@cardstack/shared/teams/schemas';
import { AppError, badRequest } from '../../http/errors';
import { createCard, listCardsOfTeam } from '../cards/cards-module';
import { requirePermission, type TeamCaller } from './team-access';
import type { TeamsDeps } from './team-deps';
import * as repository from './team-repository';
import { usageOf } from './team-usage';
import { keyed } from '@cardstack/shared/i18n/keyed';

/** Team users see only the team cards whose owner is not themselves. Newest first, at most 1000. */
export async function listTeamCards(deps: TeamsDeps, caller: TeamCaller): Promise<TeamCardsResponse> {
  requirePermission(caller, 'manageDigitalCards');
  const [cards, members, allowance] = await Promise.all([
    listCardsOfTeam(deps.db, caller.teamOwnerId, 1000),
    repository.listMembers(deps.db, caller.teamOwnerId),
    deps.cardAllowance.ofTeam(caller.teamOwnerId),
  ]);
  const memberOfUser = new Map(members.filter((member) => member.user_id).map((member) => [member.user_id!, member]));
  const active = new Set(allowance.activeCardIds);
  return {
    cards: cards
      .filter((card) => card.ownerId !== caller.userId)
      .map((card) => {
        const member = memberOfUser.get(card.ownerId);
        return {
          ...card,
          member: member ? { id: member.id, name: member.name, email: member.email } : null,
          isActive: active.has(card.id),
        };
      }),
    members: members
      .filter((member) => member.is_accepted === 1 && member.user_id)
      .map((member) => ({ id: member.id, name: member.name, email: member.email })),
    usage: await usageOf(deps, caller.teamOwnerId, allowance),
  };
}

/** A card made for an accepted member: they own it, the team holds it. */
export async function createTeamCard(deps: TeamsDeps, caller: TeamCaller, memberId: string, input: CreateCardValues): Promise<Card> {
  requirePermission(caller, 'manageDigitalCards');
  const member = await repository.findMember(deps.db, caller.teamOwnerId, memberId);
  if (!member) throw new AppError(404, 'not-found', keyed('memberNotFound'), { memberId: keyed('memberNotFound') });
  if (member.is_accepted !== 1 || !member.user_id) {
    throw badRequest(keyed('memberNotAccepted', { name: member.name }), { memberId: keyed('memberNotAccepted', { name: member.name }) });
  }
  const allowance = await deps.cardAllowance.ofTeam(caller.teamOwnerId);
  if (!allowance.canCreateCard && allowance.maxActiveCards !== null) {
    throw new AppError(403, 'card-limit', keyed('teamCardsFull', { allowance: allowance.maxActiveCards }));
  }
  return createCard(deps.cards, { userId: caller.userId }, input, { ownerId: member.user_id, teamOwnerId: caller.teamOwnerId });
}
