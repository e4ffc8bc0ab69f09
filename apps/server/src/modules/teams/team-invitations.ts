import crypto from 'node:crypto';
import type { CreateCardValues } from '@cardstack/shared/cards/schemas';
import { isLocale, type Locale } from '@cardstack/shared/i18n/locales';
import type { TeamRole } from '@cardstack/shared/teams/roles';
import type { InvitationPreview } from '@cardstack/shared/teams/schemas';
import type { AnyConnection } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';
import { findPreferences, type Caller } from '../auth/auth-module';
import { createCard } from '../cards/cards-module';
import { hashInvitationToken, signInvitationToken, verifyInvitationToken, type InvitationTokenClaims } from './invitation-token';
import { iso, type TeamsDeps } from './team-deps';
import * as repository from './team-repository';
import type { MemberRow } from './team-repository';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { keyedTextIn } from '@cardstack/shared/i18n/keyed-text';

/** The accept page's address for an invitation: what its mail links to, signed when the mail is sent. */
export function invitationAcceptPath(secret: string, claims: InvitationTokenClaims): string {
  return `/invite/${signInvitationToken(secret, claims)}`;
}

/** A week is long enough to find the mail and short enough that a stale link dies. */
export const invitationLifetimeMs = 7 * 24 * 60 * 60_000;

/**
 * Writes an invitation and queues its mail, inside the caller's transaction: the mail goes out exactly
 * when the invitation exists.
 */
export async function sendInvitation(
  deps: TeamsDeps,
  trx: AnyConnection,
  member: Pick<MemberRow, 'id' | 'email' | 'role' | 'team_owner_id'>,
  inviter: { id: string; name: string },
  language?: Locale,
): Promise<void> {
  // The inviter's choice; else the language of this member's last invitation (a resend); else the inviter's own.
  const previous = await repository.latestInvitationLanguage(trx, member.id);
  const locale = language ?? (previous && isLocale(previous) ? previous : (await findPreferences(trx, inviter.id)).language);
  const now = deps.now();
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + invitationLifetimeMs);
  const role = repository.toTeamRole(member.role);
  const claims = { id, email: member.email, role, invitedBy: inviter.id, teamOwnerId: member.team_owner_id, expiresAt: expiresAt.getTime() };
  const token = signInvitationToken(deps.secret, claims);
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
    language: locale,
  });
  const owner = await repository.findUser(trx, member.team_owner_id);
  await deps.outbox.enqueue(trx, {
    to: member.email,
    template: 'team-invitation',
    data: {
      inviterName: inviter.name,
      teamName: owner ? `${owner.name}’s team` : 'a team',
      teamOwnerName: owner?.name ?? null,
      role,
      // The claims, not the link: the mail worker signs them when it sends (invitationAcceptPath).
      invitation: claims,
      expiresAt: iso(expiresAt),
      locale,
    },
  });
}

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
  invalid: keyed('invitationInvalid'),
  revoked: keyed('invitationRevoked'),
  expired: keyed('invitationExpired'),
  accepted: keyed('invitationUsed'),
} as const;

/** Why the link cannot be used, in words of `locale`; empty when it can. */
const statusText = (status: InvitationPreview['status'], locale: Locale) => (status === 'valid' ? '' : keyedTextIn(locale)(statusMessages[status]));

/** What the accept page shows (its message in `locale`); anyone holding the link may ask. */
export async function previewInvitation(deps: TeamsDeps, token: string, locale: Locale = 'en'): Promise<InvitationPreview> {
  const check = await checkInvitation(deps, token);
  const invitation = check.invitation;
  if (!invitation) {
    return { status: 'invalid', message: statusText('invalid', locale), email: null, role: null, teamName: null, teamOwnerName: null, inviterName: null, hasAccount: false };
  }
  const [owner, inviter, account] = await Promise.all([
    repository.findUser(deps.db, invitation.team_owner_id),
    invitation.invited_by ? repository.findUser(deps.db, invitation.invited_by) : undefined,
    repository.findUserByEmail(deps.db, invitation.email),
  ]);
  return {
    status: check.status,
    message: statusText(check.status, locale),
    email: invitation.email,
    role: repository.toTeamRole(invitation.role),
    teamName: owner ? `${owner.name}’s team` : null,
    teamOwnerName: owner?.name ?? null,
    inviterName: inviter?.name ?? owner?.name ?? null,
    hasAccount: account !== undefined,
  };
}

/**
 * Accepting an invitation: the signed-in user becomes the member the link was for. The record is
 * marked accepted with its timestamps; from the next request on the session carries the team claims. A
 * card the bulk import prepared is made now, owned by the member and held by the team.
 */
export async function acceptInvitation(deps: TeamsDeps, caller: Caller, token: string): Promise<{ teamOwnerId: string; role: TeamRole }> {
  const check = await checkInvitation(deps, token);
  if (check.status === 'accepted' && check.member?.user_id === caller.userId) {
    return { teamOwnerId: check.member.team_owner_id, role: repository.toTeamRole(check.member.role) };
  }
  if (check.status !== 'valid') {
    const code = `invitation-${check.status}`;
    throw new AppError(check.status === 'invalid' ? 400 : 410, code, statusMessages[check.status]);
  }
  const { invitation, member } = check;
  if (caller.email.toLowerCase() !== invitation.email) throw new AppError(403, 'invitation-other-email', keyed('invitationOtherEmail', { email: invitation.email }));
  if (caller.userId === member.team_owner_id) throw badRequest(keyed('ownTeam'));
  const membership = await repository.findMembershipOfUser(deps.db, caller.userId);
  if (membership) throw new AppError(409, 'in-another-team', keyed('inAnotherTeam'));
  if (await repository.hasMembers(deps.db, caller.userId)) throw new AppError(409, 'owns-team', keyed('ownsTeam'));

  const now = iso(deps.now());
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    if (!(await repository.markMemberAccepted(trx, member.id, caller.userId, now))) throw new AppError(410, 'invitation-accepted', keyed('invitationUsed'));
    await repository.markInvitationAccepted(trx, invitation.id, now);
    await repository.revokeOpenInvitations(trx, member.id);
  });
  await makePendingCard(deps, member, caller.userId);
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
