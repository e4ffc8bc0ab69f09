import crypto from 'node:crypto';
import type { TeamRole } from '@cardstack/shared/teams/roles';
import type { InviteMemberInput, TeamMember, TeamMembersResponse } from '@cardstack/shared/teams/schemas';
import type { AnyConnection } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { countTeamCardsByOwner, transferTeamCards } from '../cards/cards-module';
import { passTeamLeadsToOwner } from '../contacts/contacts-module';
import { requireMayGrantRole, requirePermission, type TeamCaller } from './team-access';
import { iso, type TeamsDeps } from './team-deps';
import { sendInvitation } from './team-invitations';
import * as repository from './team-repository';
import type { MemberRow } from './team-repository';
import { seatProblem, usageOf } from './team-usage';
import type { Locale } from '@cardstack/shared/i18n/locales';
import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';

function toMember(row: MemberRow, caller: TeamCaller, cardCounts: Map<string, number>, expiries: Map<string, string>): TeamMember {
  const isAccepted = row.is_accepted === 1;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: repository.toTeamRole(row.role),
    status: isAccepted ? 'accepted' : 'pending',
    userId: row.user_id,
    invitedAt: row.created_at,
    invitationExpiresAt: isAccepted ? null : (expiries.get(row.id) ?? null),
    firstLoginAt: row.first_login_at,
    lastLoginAt: row.last_login_at,
    cardCount: row.user_id ? (cardCounts.get(row.user_id) ?? 0) : 0,
    isYou: row.user_id === caller.userId,
  };
}

export async function listMembers(deps: TeamsDeps, caller: TeamCaller): Promise<TeamMembersResponse> {
  requirePermission(caller, 'userManagement');
  const teamOwnerId = caller.teamOwnerId;
  const [owner, rows, cardCounts, expiries, usage] = await Promise.all([
    repository.findUser(deps.db, teamOwnerId),
    repository.listMembers(deps.db, teamOwnerId),
    countTeamCardsByOwner(deps.db, teamOwnerId),
    repository.latestInvitationExpiries(deps.db, teamOwnerId),
    usageOf(deps, teamOwnerId),
  ]);
  if (!owner) throw notFound(keyed('teamGone'));
  return {
    owner: { id: owner.id, name: owner.name, email: owner.email },
    members: rows.map((row) => toMember(row, caller, cardCounts, expiries)),
    usage,
  };
}

async function describeMember(deps: TeamsDeps, caller: TeamCaller, memberId: string): Promise<TeamMember> {
  const row = await repository.findMember(deps.db, caller.teamOwnerId, memberId);
  if (!row) throw notFound(keyed('memberNotFound'));
  const [cardCounts, expiries] = await Promise.all([
    countTeamCardsByOwner(deps.db, caller.teamOwnerId),
    repository.latestInvitationExpiries(deps.db, caller.teamOwnerId),
  ]);
  return toMember(row, caller, cardCounts, expiries);
}

interface NewMember {
  email: string;
  name: string;
  role: TeamRole;
  pendingCard?: string | null;
  /** Of the invitation's mail; the inviter's own when left out. */
  language?: Locale | undefined;
}

/** Adds a pending member and sends the invitation; used by the invite form and the bulk import. */
export async function addMember(deps: TeamsDeps, caller: TeamCaller, input: NewMember, trx: AnyConnection = deps.db): Promise<MemberRow> {
  const now = iso(deps.now());
  const row: MemberRow = {
    id: crypto.randomUUID(),
    team_owner_id: caller.teamOwnerId,
    email: input.email.toLowerCase(),
    name: input.name,
    role: input.role,
    user_id: null,
    is_accepted: 0,
    first_login_at: null,
    last_login_at: null,
    invited_by: caller.userId,
    pending_card: input.pendingCard ?? null,
    created_at: now,
    updated_at: now,
  };
  await repository.insertMember(trx, row);
  await sendInvitation(deps, trx, row, { id: caller.userId, name: caller.name }, input.language);
  return row;
}

/** Why this email cannot be invited into the caller's team, or null. */
export async function inviteProblem(deps: TeamsDeps, caller: TeamCaller, email: string): Promise<{ code: string; message: KeyedMessage } | null> {
  const owner = await repository.findUser(deps.db, caller.teamOwnerId);
  if (owner && owner.email.toLowerCase() === email) return { code: 'owner-email', message: keyed('ownerEmail') };
  if (await repository.findMemberByEmail(deps.db, caller.teamOwnerId, email)) return { code: 'already-member', message: keyed('alreadyMember', { email }) };
  const seats = await seatProblem(deps, caller.teamOwnerId);
  if (seats) return { code: 'seat-limit', message: seats };
  return null;
}

export async function inviteMember(deps: TeamsDeps, caller: TeamCaller, input: InviteMemberInput): Promise<TeamMember> {
  requirePermission(caller, 'userManagement');
  requireMayGrantRole(caller, input.role);
  const email = input.email.toLowerCase();
  const problem = await inviteProblem(deps, caller, email);
  if (problem) throw new AppError(problem.code === 'seat-limit' ? 403 : 409, problem.code, problem.message, { email: problem.message });
  let row: MemberRow;
  try {
    row = await deps.db.transaction().execute((trx) => addMember(deps, caller, { email, name: input.name, role: input.role, language: input.language }, trx));
  } catch (error) {
    // Two invitations of the same email at the same moment: the unique index decides.
    if (await repository.findMemberByEmail(deps.db, caller.teamOwnerId, email)) {
      throw new AppError(409, 'already-member', keyed('alreadyMember', { email }), { email: keyed('alreadyMember', { email }) });
    }
    throw error;
  }
  return describeMember(deps, caller, row.id);
}

async function pendingMemberOf(deps: TeamsDeps, caller: TeamCaller, memberId: string): Promise<MemberRow> {
  const row = await repository.findMember(deps.db, caller.teamOwnerId, memberId);
  if (!row) throw notFound(keyed('memberNotFound'));
  if (row.is_accepted === 1) throw badRequest(keyed('memberNotPending'));
  return row;
}

/** A new link by mail; every earlier link of this member stops working. */
export async function resendInvitation(deps: TeamsDeps, caller: TeamCaller, memberId: string): Promise<TeamMember> {
  requirePermission(caller, 'userManagement');
  const row = await pendingMemberOf(deps, caller, memberId);
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    await repository.revokeOpenInvitations(trx, row.id);
    await sendInvitation(deps, trx, row, { id: caller.userId, name: caller.name });
  });
  return describeMember(deps, caller, row.id);
}

/** Withdraws a pending invitation: its links answer "withdrawn" and the person leaves the list. */
export async function revokeInvitation(deps: TeamsDeps, caller: TeamCaller, memberId: string): Promise<void> {
  requirePermission(caller, 'userManagement');
  const row = await pendingMemberOf(deps, caller, memberId);
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    await repository.revokeOpenInvitations(trx, row.id);
    await repository.deleteMember(trx, row.id);
  });
}

export async function changeMemberRole(deps: TeamsDeps, caller: TeamCaller, memberId: string, role: TeamRole): Promise<TeamMember> {
  requirePermission(caller, 'userManagement');
  const row = await repository.findMember(deps.db, caller.teamOwnerId, memberId);
  if (!row) throw notFound(keyed('memberNotFound'));
  if (row.user_id === caller.userId) throw badRequest(keyed('notYourself'));
  requireMayGrantRole(caller, role);
  await repository.updateMemberRole(deps.db, row.id, role, iso(deps.now()));
  return describeMember(deps, caller, row.id);
}

/**
 * Removes a member. Their team cards stay with the team: they pass to the team owner with their public
 * links unchanged. A pending member's invitation links stop working.
 */
export async function removeMember(deps: TeamsDeps, caller: TeamCaller, memberId: string): Promise<{ cardsKept: number }> {
  requirePermission(caller, 'userManagement');
  const row = await repository.findMember(deps.db, caller.teamOwnerId, memberId);
  if (!row) throw notFound(keyed('memberNotFound'));
  if (row.user_id === caller.userId) throw badRequest(keyed('notYourself'));
  const handover = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const moved = row.user_id ? await transferTeamCards(deps.cards, trx, { fromUserId: row.user_id, teamOwnerId: row.team_owner_id, now: deps.now() }) : null;
    if (row.user_id) await passTeamLeadsToOwner(trx, row.user_id, row.team_owner_id);
    await repository.revokeOpenInvitations(trx, row.id);
    await repository.deleteMember(trx, row.id);
    return moved;
  });
  handover?.afterCommit();
  return { cardsKept: handover?.count ?? 0 };
}
