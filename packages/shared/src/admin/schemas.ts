import { z } from 'zod';
import { designRequestStatuses, designRequestSummary } from '../design-requests/schemas';
import { productFields } from '../physical-cards/schemas';
import { keyed } from '../i18n/keyed';
import { isTeamTier, teamTiers } from '../plans/prices';

/*
 * The operator console (/admin) and its API (/api/admin/*). Only operators reach it: addresses listed in
 * ADMIN_EMAILS and users promoted with `npm run admin -- promote <email>`. Every change is written to the audit
 * log with who, what, when, and the state before and after.
 */

export const adminTexts = {
  notAdmin: 'This page is for the operators of this service.',
  saved: 'Saved.',
  userNotFound: 'User not found.',
  batchNotFound: 'Batch not found.',
  cannotDisableSelf: 'You cannot disable your own account.',
  disabledAccount: 'This account has been disabled. Contact the operator of this service.',
  registrationClosed: 'Sign-up is closed on this service.',
  invitationOnly: 'Sign-up on this service needs an invitation. Ask your team administrator to invite you.',
  domainNotAllowed: 'Sign-up on this service is limited to addresses of certain email domains.',
  jobNotRetried: 'Only a failed job can be retried.',
} as const;

export const adminUserPlans = ['basic', 'subscribed', 'team'] as const;

export const adminUserSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  plan: z.string(),
  createdAt: z.string(),
  isDisabled: z.boolean(),
  isAdmin: z.boolean(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminUserListQuery = z.object({
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminUserListResponse = z.object({ users: z.array(adminUserSummary), total: z.number() });

export const adminUserDetail = adminUserSummary.extend({
  emailVerified: z.boolean(),
  cardCount: z.number(),
  /** The plan the operator granted, if any (it lasts until taken back). */
  operatorGrant: z.object({ plan: z.string(), teamTier: z.number().nullable(), cardLimitation: z.number().nullable() }).nullable(),
  cardLimitation: z.number().nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;
export const adminUserResponse = z.object({ user: adminUserDetail });
export const adminIdParams = z.object({ id: z.string().min(1).max(64) });

/** Override a plan: `basic` takes the operator's grant back; `card_limitation` sets the card allowance. */
export const adminPlanOverrideInput = z.object({
  plan: z.enum(adminUserPlans),
  /** One of the Teams sizes; more cards than the largest size is a `card_limitation`. */
  teamTier: z
    .number()
    .refine(isTeamTier, keyed('chooseTeamsSize', { sizes: teamTiers.join(', ') }))
    .nullable()
    .default(null),
  cardLimitation: z.number().int().min(0).max(1_000_000).nullable().default(null),
});
export type AdminPlanOverrideInput = z.input<typeof adminPlanOverrideInput>;
const blankAsNull = (text: string) => (text.trim() === '' ? null : Number(text));
/** The console's plan form as typed: an empty size or allowance means none. */
export const adminPlanOverrideForm = z
  .object({ plan: z.enum(adminUserPlans), teamTier: z.string(), cardLimitation: z.string() })
  .transform(({ plan, teamTier, cardLimitation }): AdminPlanOverrideInput => ({ plan, teamTier: blankAsNull(teamTier), cardLimitation: blankAsNull(cardLimitation) }))
  .pipe(adminPlanOverrideInput);
export const adminDisableInput = z.object({ isDisabled: z.boolean() });

export const preorderBatchInput = z.object({
  ...productFields,
  count: z.coerce.number().int(keyed('wholeNumber')).min(1, keyed('atLeast', { min: 1 })).max(10_000, keyed('atMostPerBatch', { max: 10_000 })),
});
export type PreorderBatchInput = z.input<typeof preorderBatchInput>;
export const preorderBatchSummary = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  count: z.number(),
  activatedCount: z.number(),
  createdAt: z.string(),
});
export type PreorderBatchSummary = z.infer<typeof preorderBatchSummary>;
export const preorderBatchListResponse = z.object({ batches: z.array(preorderBatchSummary) });
export const preorderBatchDetailResponse = z.object({
  batch: preorderBatchSummary,
  preorders: z.array(z.object({ id: z.string(), url: z.string(), activated: z.boolean(), activatedAt: z.string().nullable() })),
});

export const registrationModes = ['open', 'invitation', 'domains'] as const;
export type RegistrationMode = (typeof registrationModes)[number];
export const registrationModeLabels: Record<RegistrationMode, string> = {
  open: 'Open: anyone may sign up',
  invitation: 'Invitation only',
  domains: 'Only addresses of listed email domains',
};
const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const registrationPolicy = z
  .object({
    mode: z.enum(registrationModes),
    domains: z.array(z.string().trim().toLowerCase().regex(domainPattern, keyed('invalidDomain'))).max(100).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'domains' && value.domains.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['domains'], message: keyed('domainRequired') });
    }
  });
export type RegistrationPolicy = z.output<typeof registrationPolicy>;
/** The console's policy form as typed: domains one per line (or separated by commas or spaces). */
export const registrationPolicyForm = z
  .object({ mode: z.enum(registrationModes), domains: z.string() })
  .transform(({ mode, domains }): z.input<typeof registrationPolicy> => ({ mode, domains: domains.split(/[\s,]+/).filter(Boolean) }))
  .pipe(registrationPolicy);
export const registrationPolicyResponse = z.object({ policy: registrationPolicy });

export const adminRequestListQuery = z.object({ status: z.enum(designRequestStatuses).optional() });
export const adminRequestListResponse = z.object({
  requests: z.array(designRequestSummary),
  /** Done and rejected requests are deleted this many days after their last change (DESIGN_REQUEST_RETENTION_DAYS). */
  closedRetentionDays: z.number().int(),
});
export const adminRequestStatusInput = z.object({ status: z.enum(designRequestStatuses) });

export const adminMailListResponse = z.object({
  mails: z.array(
    z.object({ id: z.string(), to: z.string(), template: z.string(), status: z.string(), attempts: z.number(), lastError: z.string().nullable(), createdAt: z.string(), sentAt: z.string().nullable() }),
  ),
});
export const adminJobStatusQuery = z.object({ status: z.enum(['queued', 'running', 'failed', 'dead', 'done']).optional() });
export const adminJobListResponse = z.object({
  counts: z.record(z.string(), z.number()),
  jobs: z.array(z.object({ id: z.string(), kind: z.string(), status: z.string(), attempts: z.number(), runAt: z.string(), lastError: z.string().nullable() })),
});
export const adminErrorListResponse = z.object({
  errors: z.array(z.object({ id: z.string(), message: z.string(), context: z.string().nullable(), createdAt: z.string() })),
});
export const adminHealthResponse = z.object({
  database: z.object({ dialect: z.string(), isReachable: z.boolean() }),
  storage: z.object({ kind: z.string(), isReachable: z.boolean() }),
  mail: z.object({ transport: z.string(), pending: z.number(), failed: z.number() }),
  versions: z.object({ node: z.string(), app: z.string() }),
  uptimeSeconds: z.number(),
  /** The configured Apple credentials and the whole days they have left (null: the expiry is not known). */
  credentials: z.array(z.object({ credential: z.string(), expiresAt: z.string().nullable(), daysLeft: z.number().nullable() })),
});
export const adminAuditListResponse = z.object({
  entries: z.array(
    z.object({ id: z.string(), actorEmail: z.string(), action: z.string(), targetId: z.string().nullable(), before: z.string().nullable(), after: z.string().nullable(), createdAt: z.string() }),
  ),
});
export const adminMeResponse = z.object({ isAdmin: z.boolean() });
