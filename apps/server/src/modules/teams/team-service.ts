import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Card, CreateCardValues } from '@cardstack/shared/cards/schemas';
import { resolveCardAccess, type CardAccess } from '@cardstack/shared/plans/card-limits';
import { planStateFromSubscriptions } from '@cardstack/shared/plans/subscription-state';
import { can, normaliseRolesMatrix, type MemberRole, type Permission, type RolesMatrix, type TeamRole } from '@cardstack/shared/teams/roles';
import type {
  InvitationPreview,
  InviteMemberInput,
  RolesMatrixInput,
  TeamCardsResponse,
  TeamMember,
  TeamMembersResponse,
  TeamUsage,
} from '@cardstack/shared/teams/schemas';
import { toIsoString, type Database } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import type { TeamClaimsResolver } from '../account/account-service';
import type { CurrentSession } from '../auth/session';
import * as billingRepository from '../billing/billing-repository';
import { toFacts } from '../billing/billing-service';
import { paidFeatureError } from '../billing/feature-gate';
import { createCard, type CardsDeps } from '../cards/card-service';
import { listCardsByTeamOwner } from '../cards/card-repository';
import { enqueueMail } from '../mail/outbox';
import { hashInvitationToken, signInvitationToken, verifyInvitationToken } from './invitation-token';
import * as repository from './team-repository';
import type { MemberRow } from './team-repository';

export interface TeamsDeps {
  db: Kysely<Database>;
  /** The server secret the invitation links are signed under. */
  secret: string;
  resolveTeamClaims: TeamClaimsResolver;
  cards: CardsDeps;
  /** The billing clock (tests move it); decides expiry and which subscription is current. */
  now: () => Date;
}

/** Spec-free choice: a week is long enough to find the mail and short enough that a stale link dies. */
export const invitationLifetimeMs = 7 * 24 * 60 * 60_000;

export const teamMessages = {
  invitationInvalid: 'This invitation link is not valid. Ask the team for a new invitation.',
  invitationRevoked: 'This invitation was withdrawn. Ask the team for a new invitation.',
  invitationExpired: 'This invitation has expired. Ask the team to send you a new one.',
  invitationUsed: 'This invitation has already been accepted.',
  otherEmail: (email: string) => `This invitation was sent to ${email}. Sign in with that email to accept it.`,
  inAnotherTeam: 'You are already a member of another team. Ask its owner to remove you before joining this one.',
  ownsTeam: 'You run a team of your own, so you cannot join another team.',
  ownTeam: 'You cannot join your own team.',
  alreadyMember: (email: string) => `${email} is already in the team.`,
  ownerEmail: 'This is the team owner’s email.',
  seatsFull: (allowance: number) => `All ${allowance} seats of your Teams plan are taken. Choose a larger team size to invite more people.`,
  cardsFull: (allowance: number) => `Your Teams plan allows ${allowance} cards. Choose a larger team size to add more.`,
  notPending: 'This member has already accepted: remove them instead.',
  notAccepted: (name: string) => `${name} has not accepted the invitation yet. Their card can be made once they have.`,
  notYourself: 'You cannot change or remove your own membership here.',
  memberNotFound: 'This member is not in the team.',
  notAllowed: 'Your role does not allow this. Ask the team owner.',
} as const;

const iso = (date: Date) => date.toISOString();

// ---- Who is asking -------------------------------------------------------------------------------------

export interface TeamCaller {
  userId: string;
  name: string;
  email: string;
  teamOwnerId: string;
  role: MemberRole;
  permissions: Permission[];
  isOrganizationUser: boolean;
}

export async function teamCallerOf(deps: Pick<TeamsDeps, 'resolveTeamClaims'>, session: CurrentSession): Promise<TeamCaller> {
  const claims = await deps.resolveTeamClaims(session.user.id);
  return {
    userId: session.user.id,
    name: session.user.name,
    email: session.user.email,
    teamOwnerId: claims.teamOwnerId,
    isOrganizationUser: claims.isOrganizationUser,
    role: claims.role ?? 'owner',
    permissions: claims.permissions ?? [],
  };
}

/**
 * The one permission check of every team endpoint. The owner off Teams gets the paid-feature answer (the SPA
 * shows the upgrade overlay); a member whose role lacks the permission, or whose team left Teams, is refused.
 */
export function requirePermission(caller: TeamCaller, permission: Permission): void {
  if (can(caller, permission)) return;
  if (caller.role === 'owner') throw paidFeatureError();
  throw forbidden(teamMessages.notAllowed);
}

// ---- Plan and usage ------------------------------------------------------------------------------------

/** Spec §4: the team's cards (its members' and the owner's own) under the owner's plan and allowance. */
export async function teamCardAccess(deps: Pick<TeamsDeps, 'db' | 'now'>, teamOwnerId: string): Promise<CardAccess> {
  const owner = await billingRepository.findUserCreatedAt(deps.db, teamOwnerId);
  if (!owner) throw notFound('This team no longer exists.');
  const subscriptions = (await billingRepository.listUserSubscriptions(deps.db, teamOwnerId)).map(toFacts);
  const cards = await repository.listTeamCardsForLimit(deps.db, teamOwnerId);
  return resolveCardAccess(
    cards.map((card) => ({ id: card.id, isDefault: card.is_default === 1, createdAt: card.created_at })),
    planStateFromSubscriptions(toIsoString(owner.createdAt), subscriptions, deps.now()),
  );
}

/**
 * Which of a card owner's cards are blocked, for the public card page. A member of a team in team mode
 * shares the team's allowance (spec §4: "On Teams, only the newest cards up to the allowance stay active,
 * default cards first"), and so do a Teams owner's own cards; their personal cards, and everyone outside
 * team mode (team cards "set to basic" when the owner leaves Teams, §8), follow the owner's own plan.
 */
export async function blockedCardsOfOwner(
  deps: Pick<TeamsDeps, 'db' | 'now'>,
  ownAccess: (ownerId: string) => Promise<{ blockedCardIds: string[] }>,
  ownerId: string,
): Promise<{ blockedCardIds: string[] }> {
  const membership = await repository.findMembershipOfUser(deps.db, ownerId);
  const teamOwnerId = membership ? membership.team_owner_id : ownerId;
  const teamPlan = membership ? membership.owner_plan : await repository.findUserPlan(deps.db, ownerId);
  const own = await ownAccess(ownerId);
  if (teamPlan !== 'team') return own;
  const team = await teamCardAccess(deps, teamOwnerId);
  const teamCardIds = new Set([...team.activeCardIds, ...team.blockedCardIds]);
  return { blockedCardIds: [...team.blockedCardIds, ...own.blockedCardIds.filter((id) => !teamCardIds.has(id))] };
}

async function usageOf(deps: TeamsDeps, teamOwnerId: string, access?: CardAccess): Promise<TeamUsage> {
  const resolved = access ?? (await teamCardAccess(deps, teamOwnerId));
  return {
    // The owner holds a seat too.
    seatsUsed: 1 + (await repository.countMembers(deps.db, teamOwnerId)),
    cardsUsed: resolved.activeCardIds.length + resolved.blockedCardIds.length,
    allowance: resolved.maxActiveCards,
  };
}

// ---- Members -------------------------------------------------------------------------------------------

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
    repository.teamCardCountsByOwner(deps.db, teamOwnerId),
    repository.latestInvitationExpiries(deps.db, teamOwnerId),
    usageOf(deps, teamOwnerId),
  ]);
  if (!owner) throw notFound('This team no longer exists.');
  return {
    owner: { id: owner.id, name: owner.name, email: owner.email },
    members: rows.map((row) => toMember(row, caller, cardCounts, expiries)),
    usage,
  };
}

async function describeMember(deps: TeamsDeps, caller: TeamCaller, memberId: string): Promise<TeamMember> {
  const row = await repository.findMember(deps.db, caller.teamOwnerId, memberId);
  if (!row) throw notFound(teamMessages.memberNotFound);
  const [cardCounts, expiries] = await Promise.all([
    repository.teamCardCountsByOwner(deps.db, caller.teamOwnerId),
    repository.latestInvitationExpiries(deps.db, caller.teamOwnerId),
  ]);
  return toMember(row, caller, cardCounts, expiries);
}

/**
 * Writes an invitation and queues its mail, inside the caller's transaction: the mail goes out exactly
 * when the invitation exists.
 */
async function sendInvitation(
  deps: TeamsDeps,
  trx: Kysely<Database>,
  member: Pick<MemberRow, 'id' | 'email' | 'role' | 'team_owner_id'>,
  inviter: { id: string; name: string },
): Promise<void> {
  const now = deps.now();
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + invitationLifetimeMs);
  const role = repository.toTeamRole(member.role);
  const token = signInvitationToken(deps.secret, {
    id,
    email: member.email,
    role,
    invitedBy: inviter.id,
    teamOwnerId: member.team_owner_id,
    expiresAt: expiresAt.getTime(),
  });
  await repository.insertInvitation(trx, {
    id,
    team_owner_id: member.team_owner_id,
    member_id: member.id,
    email: member.email,
    role,
    invited_by: inviter.id,
    token_hash: hashInvitationToken(token),
    expires_at: iso(expiresAt),
    is_revoked: 0,
    accepted_at: null,
    created_at: iso(now),
  });
  const owner = await repository.findUser(trx, member.team_owner_id);
  await enqueueMail(trx, {
    to: member.email,
    template: 'team-invitation',
    data: {
      inviterName: inviter.name,
      teamName: owner ? `${owner.name}’s team` : 'a team',
      role,
      acceptPath: `/invite/${token}`,
      expiresAt: iso(expiresAt),
    },
  });
}

/** Why a new person cannot join, or null. Seats are people: the owner and every member. */
async function seatProblem(deps: TeamsDeps, teamOwnerId: string, extraSeats = 1): Promise<string | null> {
  const usage = await usageOf(deps, teamOwnerId);
  if (usage.allowance !== null && usage.seatsUsed + extraSeats > usage.allowance) return teamMessages.seatsFull(usage.allowance);
  return null;
}

export interface NewMember {
  email: string;
  name: string;
  role: TeamRole;
  pendingCard?: string | null;
}

/** Adds a pending member and sends the invitation; used by the invite form and the bulk import. */
export async function addMember(deps: TeamsDeps, caller: TeamCaller, input: NewMember, trx: Kysely<Database> = deps.db): Promise<MemberRow> {
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
  await sendInvitation(deps, trx, row, { id: caller.userId, name: caller.name });
  return row;
}

/** Why this email cannot be invited into the caller's team, or null. */
export async function inviteProblem(deps: TeamsDeps, caller: TeamCaller, email: string): Promise<{ code: string; message: string } | null> {
  const owner = await repository.findUser(deps.db, caller.teamOwnerId);
  if (owner && owner.email.toLowerCase() === email) return { code: 'owner-email', message: teamMessages.ownerEmail };
  if (await repository.findMemberByEmail(deps.db, caller.teamOwnerId, email)) return { code: 'already-member', message: teamMessages.alreadyMember(email) };
  const seats = await seatProblem(deps, caller.teamOwnerId);
  if (seats) return { code: 'seat-limit', message: seats };
  return null;
}

export async function inviteMember(deps: TeamsDeps, caller: TeamCaller, input: InviteMemberInput): Promise<TeamMember> {
  requirePermission(caller, 'userManagement');
  const email = input.email.toLowerCase();
  const problem = await inviteProblem(deps, caller, email);
  if (problem) throw new AppError(problem.code === 'seat-limit' ? 403 : 409, problem.code, problem.message, { email: problem.message });
  let row: MemberRow;
  try {
    row = await deps.db.transaction().execute((trx) => addMember(deps, caller, { email, name: input.name, role: input.role }, trx));
  } catch (error) {
    // Two invitations of the same email at the same moment: the unique index decides.
    if (await repository.findMemberByEmail(deps.db, caller.teamOwnerId, email)) {
      throw new AppError(409, 'already-member', teamMessages.alreadyMember(email), { email: teamMessages.alreadyMember(email) });
    }
    throw error;
  }
  return describeMember(deps, caller, row.id);
}

async function pendingMemberOf(deps: TeamsDeps, caller: TeamCaller, memberId: string): Promise<MemberRow> {
  const row = await repository.findMember(deps.db, caller.teamOwnerId, memberId);
  if (!row) throw notFound(teamMessages.memberNotFound);
  if (row.is_accepted === 1) throw badRequest(teamMessages.notPending);
  return row;
}

/** A new link by mail; every earlier link of this member stops working. */
export async function resendInvitation(deps: TeamsDeps, caller: TeamCaller, memberId: string): Promise<TeamMember> {
  requirePermission(caller, 'userManagement');
  const row = await pendingMemberOf(deps, caller, memberId);
  await deps.db.transaction().execute(async (trx) => {
    await repository.revokeOpenInvitations(trx, row.id);
    await sendInvitation(deps, trx, row, { id: caller.userId, name: caller.name });
  });
  return describeMember(deps, caller, row.id);
}

/** Withdraws a pending invitation: its links answer "withdrawn" and the person leaves the list. */
export async function revokeInvitation(deps: TeamsDeps, caller: TeamCaller, memberId: string): Promise<void> {
  requirePermission(caller, 'userManagement');
  const row = await pendingMemberOf(deps, caller, memberId);
  await deps.db.transaction().execute(async (trx) => {
    await repository.revokeOpenInvitations(trx, row.id);
    await repository.deleteMember(trx, row.id);
  });
}

export async function changeMemberRole(deps: TeamsDeps, caller: TeamCaller, memberId: string, role: TeamRole): Promise<TeamMember> {
  requirePermission(caller, 'userManagement');
  const row = await repository.findMember(deps.db, caller.teamOwnerId, memberId);
  if (!row) throw notFound(teamMessages.memberNotFound);
  if (row.user_id === caller.userId) throw badRequest(teamMessages.notYourself);
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
  if (!row) throw notFound(teamMessages.memberNotFound);
  if (row.user_id === caller.userId) throw badRequest(teamMessages.notYourself);
  return deps.db.transaction().execute(async (trx) => {
    const cardsKept = row.user_id ? await repository.passTeamCardsToOwner(trx, row.user_id, row.team_owner_id, iso(deps.now())) : 0;
    await repository.revokeOpenInvitations(trx, row.id);
    await repository.deleteMember(trx, row.id);
    return { cardsKept };
  });
}

// ---- Roles ---------------------------------------------------------------------------------------------

export async function getRoles(deps: TeamsDeps, caller: TeamCaller): Promise<RolesMatrix> {
  requirePermission(caller, 'roles');
  return repository.readRoles(deps.db, caller.teamOwnerId);
}

export async function setRoles(deps: TeamsDeps, caller: TeamCaller, input: RolesMatrixInput): Promise<RolesMatrix> {
  requirePermission(caller, 'roles');
  const matrix = normaliseRolesMatrix(input);
  await repository.saveRoles(deps.db, caller.teamOwnerId, matrix, iso(deps.now()));
  return matrix;
}

// ---- Team cards ----------------------------------------------------------------------------------------

/** Spec §6: "Team users only see team cards whose owner is not themselves." Newest first, at most 1000. */
export async function listTeamCards(deps: TeamsDeps, caller: TeamCaller): Promise<TeamCardsResponse> {
  requirePermission(caller, 'manageDigitalCards');
  const [cards, members, access] = await Promise.all([
    listCardsByTeamOwner(deps.db, caller.teamOwnerId, 1000),
    repository.listMembers(deps.db, caller.teamOwnerId),
    teamCardAccess(deps, caller.teamOwnerId),
  ]);
  const memberOfUser = new Map(members.filter((member) => member.user_id).map((member) => [member.user_id!, member]));
  const active = new Set(access.activeCardIds);
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
    usage: await usageOf(deps, caller.teamOwnerId, access),
  };
}

/** A card made for an accepted member: they own it, the team holds it. */
export async function createTeamCard(deps: TeamsDeps, caller: TeamCaller, memberId: string, input: CreateCardValues): Promise<Card> {
  requirePermission(caller, 'manageDigitalCards');
  const member = await repository.findMember(deps.db, caller.teamOwnerId, memberId);
  if (!member) throw new AppError(404, 'not-found', teamMessages.memberNotFound, { memberId: teamMessages.memberNotFound });
  if (member.is_accepted !== 1 || !member.user_id) {
    throw badRequest(teamMessages.notAccepted(member.name), { memberId: teamMessages.notAccepted(member.name) });
  }
  const access = await teamCardAccess(deps, caller.teamOwnerId);
  if (!access.canCreateCard && access.maxActiveCards !== null) {
    throw new AppError(403, 'card-limit', teamMessages.cardsFull(access.maxActiveCards));
  }
  return createCard(deps.cards, { userId: caller.userId }, input, { ownerId: member.user_id, teamOwnerId: caller.teamOwnerId });
}

// ---- Invitations ---------------------------------------------------------------------------------------

type InvitationCheck =
  | { status: 'valid'; invitation: repository.InvitationRow; member: MemberRow }
  | { status: 'invalid' | 'revoked' | 'expired' | 'accepted'; invitation: repository.InvitationRow | null; member: MemberRow | null };

async function checkInvitation(deps: TeamsDeps, token: string): Promise<InvitationCheck> {
  const claims = verifyInvitationToken(deps.secret, token);
  if (!claims) return { status: 'invalid', invitation: null, member: null };
  const invitation = await repository.findInvitationByHash(deps.db, hashInvitationToken(token));
  if (!invitation || invitation.id !== claims.id) return { status: 'invalid', invitation: null, member: null };
  const member = invitation.member_id ? await repository.findMemberById(deps.db, invitation.member_id) : null;
  if (invitation.accepted_at) return { status: 'accepted', invitation, member };
  if (invitation.is_revoked === 1 || !member) return { status: 'revoked', invitation, member };
  if (deps.now().getTime() >= Date.parse(invitation.expires_at)) return { status: 'expired', invitation, member };
  return { status: 'valid', invitation, member };
}

const statusMessages = {
  valid: '',
  invalid: teamMessages.invitationInvalid,
  revoked: teamMessages.invitationRevoked,
  expired: teamMessages.invitationExpired,
  accepted: teamMessages.invitationUsed,
} as const;

/** What the accept page shows; anyone holding the link may ask. */
export async function previewInvitation(deps: TeamsDeps, token: string): Promise<InvitationPreview> {
  const check = await checkInvitation(deps, token);
  const invitation = check.invitation;
  if (!invitation) {
    return { status: 'invalid', message: statusMessages.invalid, email: null, role: null, teamName: null, inviterName: null, hasAccount: false };
  }
  const [owner, inviter, account] = await Promise.all([
    repository.findUser(deps.db, invitation.team_owner_id),
    invitation.invited_by ? repository.findUser(deps.db, invitation.invited_by) : undefined,
    repository.findUserByEmail(deps.db, invitation.email),
  ]);
  return {
    status: check.status,
    message: statusMessages[check.status],
    email: invitation.email,
    role: repository.toTeamRole(invitation.role),
    teamName: owner ? `${owner.name}’s team` : null,
    inviterName: inviter?.name ?? owner?.name ?? null,
    hasAccount: account !== undefined,
  };
}

/**
 * Spec §4 "Invitation acceptance": the signed-in user becomes the member the link was for. The record is
 * marked accepted with its timestamps; from the next request on the session carries the team claims. A
 * card the bulk import prepared is made now, owned by the member and held by the team.
 */
export async function acceptInvitation(deps: TeamsDeps, session: CurrentSession, token: string): Promise<{ teamOwnerId: string; role: TeamRole }> {
  const check = await checkInvitation(deps, token);
  const user = session.user;
  if (check.status === 'accepted' && check.member?.user_id === user.id) {
    return { teamOwnerId: check.member.team_owner_id, role: repository.toTeamRole(check.member.role) };
  }
  if (check.status !== 'valid') {
    const code = `invitation-${check.status}`;
    throw new AppError(check.status === 'invalid' ? 400 : 410, code, statusMessages[check.status]);
  }
  const { invitation, member } = check;
  if (user.email.toLowerCase() !== invitation.email) throw new AppError(403, 'invitation-other-email', teamMessages.otherEmail(invitation.email));
  if (user.id === member.team_owner_id) throw badRequest(teamMessages.ownTeam);
  const membership = await repository.findMembershipOfUser(deps.db, user.id);
  if (membership) throw new AppError(409, 'in-another-team', teamMessages.inAnotherTeam);
  if (await repository.hasMembers(deps.db, user.id)) throw new AppError(409, 'owns-team', teamMessages.ownsTeam);

  const now = iso(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repository.markMemberAccepted(trx, member.id, user.id, now))) throw new AppError(410, 'invitation-accepted', teamMessages.invitationUsed);
    await repository.markInvitationAccepted(trx, invitation.id, now);
    await repository.revokeOpenInvitations(trx, member.id);
  });
  await makePendingCard(deps, member, user.id);
  return { teamOwnerId: member.team_owner_id, role: repository.toTeamRole(member.role) };
}

async function makePendingCard(deps: TeamsDeps, member: MemberRow, userId: string): Promise<void> {
  if (!member.pending_card) return;
  let fields: CreateCardValues;
  try {
    fields = JSON.parse(member.pending_card) as CreateCardValues;
  } catch {
    fields = {};
  }
  await createCard(deps.cards, { userId }, { name: member.name, email: member.email, ...fields }, { ownerId: userId, teamOwnerId: member.team_owner_id });
  await repository.setPendingCard(deps.db, member.id, null, iso(deps.now()));
}

/** Better Auth's session hook: every sign-in of a member updates their first and last login. */
export async function recordSignIn(db: Kysely<Database>, userId: string, now = new Date()): Promise<void> {
  await repository.recordMemberSignIn(db, userId, iso(now));
}

/**
 * Account deletion step. A member's team cards stay with the team (they pass to the owner before the cards
 * step deletes what the user owns); a team owner's former members keep their cards as personal ones.
 */
export async function onAccountDeleted(deps: Pick<TeamsDeps, 'db' | 'now'>, userId: string): Promise<void> {
  const membership = await repository.findMembershipOfUser(deps.db, userId);
  if (membership) await repository.passTeamCardsToOwner(deps.db, userId, membership.team_owner_id, iso(deps.now()));
  await repository.releaseTeamCards(deps.db, userId);
}
