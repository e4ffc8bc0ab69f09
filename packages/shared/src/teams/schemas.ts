import { z } from 'zod';
import { emailField } from '../auth/schemas';
import { cardEditableFields, cardSummary } from '../cards/schemas';
import { memberRoles, permissions, teamRoles, titleRowName, type PermissionRow } from './roles';
import { keyed } from '../i18n/keyed';
import { localeSchema } from '../i18n/locales';

/*
 * Every request and response of /api/teams. The server validates with these; the SPA's forms use the same
 * ones, so a message shows under its field either way.
 */

export const teamRoleSchema = z.enum(teamRoles, { message: keyed('chooseTeamRole') });
export const memberRoleSchema = z.enum(memberRoles);
export const permissionSchema = z.enum(permissions);

// ---- Roles matrix --------------------------------------------------------------------------------------

export const permissionRow = z.object({ name: z.enum([titleRowName, ...permissions]), checked: z.boolean() });

/** One role's list as the roles screen sends it: the unmarked title row, then each permission once, in order. */
export const roleListInput = z.array(permissionRow).superRefine((rows, ctx) => {
  const names = rows.map((row) => row.name);
  const expected = [titleRowName, ...permissions];
  if (names.length !== expected.length || names.some((name, index) => name !== expected[index])) {
    ctx.addIssue({ code: 'custom', message: keyed('roleListOrder') });
  }
  if (rows[0]?.checked) ctx.addIssue({ code: 'custom', path: [0, 'checked'], message: keyed('titleRowChecked') });
});

export const rolesMatrixSchema = z.object({ admin: roleListInput, employee: roleListInput });
export type RolesMatrixInput = z.infer<typeof rolesMatrixSchema>;
export const rolesResponse = z.object({ admin: z.array(permissionRow), employee: z.array(permissionRow) });
export type RolesResponse = { admin: PermissionRow[]; employee: PermissionRow[] };

// ---- Members -------------------------------------------------------------------------------------------

const memberName = z.string().trim().min(1, keyed('nameRequired')).max(100, keyed('nameTooLong', { max: 100 }));

/** `language`: of the invitation's mail; left out, the inviter's own. */
export const inviteMemberInput = z.object({ email: emailField, name: memberName, role: teamRoleSchema, language: localeSchema.optional() });
export type InviteMemberInput = z.infer<typeof inviteMemberInput>;

export const changeRoleInput = z.object({ role: teamRoleSchema });
export type ChangeRoleInput = z.infer<typeof changeRoleInput>;

export const memberIdParams = z.object({ id: z.string().min(1).max(64) });

export const memberStatuses = ['accepted', 'pending'] as const;

export const teamMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: teamRoleSchema,
  status: z.enum(memberStatuses),
  userId: z.string().nullable(),
  invitedAt: z.string(),
  /** When a pending invitation's link stops working; null once accepted. */
  invitationExpiresAt: z.string().nullable(),
  /** The member's first and last sign-in; null until they first sign in. */
  firstLoginAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  /** Team cards the member holds: they stay with the team when the member is removed. */
  cardCount: z.number().int(),
  /** The signed-in user's own record: it cannot be removed or have its role changed from here. */
  isYou: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;

/** Seats are people in the team (the owner and every member, accepted or pending); cards are the team's cards. */
export const teamUsage = z.object({
  seatsUsed: z.number().int(),
  cardsUsed: z.number().int(),
  /** The Teams allowance (tier or card_limitation); null when no limit applies. */
  allowance: z.number().int().nullable(),
});
export type TeamUsage = z.infer<typeof teamUsage>;

export const teamMembersResponse = z.object({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  members: z.array(teamMember),
  usage: teamUsage,
});
export type TeamMembersResponse = z.infer<typeof teamMembersResponse>;

export const teamMemberResponse = z.object({ member: teamMember });
/** A member removed: how many of their cards passed to the team's owner. */
export const removeMemberResponse = z.object({ ok: z.literal(true), cardsKept: z.number().int() });

// ---- Invitations ---------------------------------------------------------------------------------------

export const acceptInvitationInput = z.object({ token: z.string().min(1, keyed('invitationLinkIncomplete')).max(2000) });

export const invitationStatuses = ['valid', 'expired', 'revoked', 'accepted', 'invalid'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** What the accept page shows before anyone signs in. Only the holder of the link learns this. */
export const invitationPreview = z.object({
  status: z.enum(invitationStatuses),
  /** A sentence for the person: why the link cannot be used, or empty when it can. */
  message: z.string(),
  email: z.string().nullable(),
  role: teamRoleSchema.nullable(),
  /** "{owner}’s team", in English; the app says it in its language from `teamOwnerName`. */
  teamName: z.string().nullable(),
  teamOwnerName: z.string().nullable(),
  inviterName: z.string().nullable(),
  /** Whether to offer "sign in" rather than "create an account" first. */
  hasAccount: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const acceptInvitationResponse = z.object({ teamOwnerId: z.string(), role: teamRoleSchema });

// ---- Team cards ----------------------------------------------------------------------------------------

export const teamCard = cardSummary.extend({
  /** The member the card is for; null when its holder is no longer a member (it stays with the team). */
  member: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** On Teams only the newest cards up to the allowance stay active, default cards first. */
  isActive: z.boolean(),
});
export type TeamCard = z.infer<typeof teamCard>;

export const teamCardsResponse = z.object({
  cards: z.array(teamCard),
  /** The accepted members a new team card can be made for. */
  members: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  usage: teamUsage,
});
export type TeamCardsResponse = z.infer<typeof teamCardsResponse>;

export const createTeamCardInput = cardEditableFields.partial().extend({
  memberId: z.string({ message: keyed('chooseMember') }).min(1, keyed('chooseMember')).max(64),
});
export type CreateTeamCardInput = z.input<typeof createTeamCardInput>;

// ---- Bulk import ---------------------------------------------------------------------------------------

export const importOutcomes = ['created', 'skipped', 'rejected'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const importRowReport = z.object({
  /** The row number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  email: z.string(),
  outcome: z.enum(importOutcomes),
  /** Why a row was rejected or skipped, or what was created. */
  message: z.string(),
});
export type ImportRowReport = z.infer<typeof importRowReport>;

export const importJobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof importJobStatuses)[number];

export const importJob = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(importJobStatuses),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  createdCount: z.number().int(),
  skippedCount: z.number().int(),
  rejectedCount: z.number().int(),
  /** Filled as rows are processed. */
  rows: z.array(importRowReport),
  /** Why the whole file failed (unreadable, no header …); null otherwise. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

export const importJobResponse = z.object({ job: importJob });
export const importJobParams = z.object({ id: z.string().min(1).max(64) });
export const templateParams = z.object({ format: z.enum(['csv', 'xlsx']) });
