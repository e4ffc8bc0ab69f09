import { z } from 'zod';
import { keyed } from '../i18n/keyed';
import { localeSchema } from '../i18n/locales';
import { memberRoles, permissions } from '../teams/roles';

export const plans = ['basic', 'subscribed', 'team'] as const;
export const planSchema = z.enum(plans);
export type Plan = z.infer<typeof planSchema>;

export const emailField = z.string().trim().min(1, keyed('emailRequired')).email(keyed('invalidEmail'));
export const passwordField = z
  .string()
  .min(8, keyed('passwordTooShort', { min: 8 }))
  .max(128, keyed('passwordTooLong', { max: 128 }));
export const displayNameField = z.string().trim().min(1, keyed('nameRequired')).max(100, keyed('nameTooLong', { max: 100 }));

export const registerInput = z.object({ name: displayNameField, email: emailField, password: passwordField });
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({ email: emailField, password: z.string().min(1, keyed('passwordRequired')) });
export type LoginInput = z.infer<typeof loginInput>;

/** What the SPA knows about the signed-in user: id, display name and email plus the claims it reads. */
export const sessionUser = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  photoUrl: z.string().nullable(),
  plan: planSchema,
  /** Invited into someone else's team: a member, not their own team owner. */
  isOrganizationUser: z.boolean(),
  /** The team owner's id; a user without a team record is their own team owner. */
  teamOwnerId: z.string(),
  /** The user's place in their team: admin or employee, or 'owner' when they are their own team owner. */
  role: z.enum(memberRoles),
  /** What the role may do in team mode (empty outside it); the server decides, the SPA mirrors. */
  permissions: z.array(z.enum(permissions)),
  /** The team's owner is on Teams: the user's team cards have the team's features. */
  isTeamMode: z.boolean(),
  hasPassword: z.boolean(),
  /** Signed in with Google at least once. */
  hasGoogle: z.boolean(),
  /** Until the address is confirmed no invitations and no lead mails go out on the user's behalf. */
  emailVerified: z.boolean(),
  /** Sign-up is not open to everyone and the address is not confirmed: the account can do nothing but confirm it. */
  mustConfirmEmail: z.boolean(),
  /** Sign-in asks for a code from an authenticator app (or a backup code). */
  twoFactorEnabled: z.boolean(),
  /** The account's language and time zone (Settings → General): the app shows itself and its dates in them. */
  language: localeSchema,
  timeZone: z.string(),
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

// ---- The auth library's routes the SPA uses, validated by the app before they reach it ----------------------

/** A path on this site (no scheme, no host, no protocol-relative `//`): where an auth flow returns to. */
export const sameSitePath = z
  .string()
  .max(2000)
  .refine((value) => value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\'), keyed('notSameSitePath'));
const currentPasswordField = z.string().min(1, keyed('passwordRequired')).max(128, keyed('passwordTooLong', { max: 128 }));

/** Sign-up takes a name, an email and a password, nothing else (no image URL, no plan). */
export const signUpBody = registerInput.extend({ callbackURL: sameSitePath.optional() }).strict();
export const signInBody = z
  .object({ email: emailField, password: currentPasswordField, rememberMe: z.boolean().optional(), callbackURL: sameSitePath.optional() })
  .strict();
export const socialSignInBody = z
  .object({
    provider: z.literal('google'),
    callbackURL: sameSitePath.optional(),
    newUserCallbackURL: sameSitePath.optional(),
    errorCallbackURL: sameSitePath.optional(),
  })
  .strict();
export const requestPasswordResetInput = z.object({ email: emailField, redirectTo: sameSitePath.optional() }).strict();
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInput>;
export const resetPasswordInput = z.object({ newPassword: passwordField, token: z.string().min(1).max(512) }).strict();
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
export const sendVerificationEmailInput = z.object({ email: emailField, callbackURL: sameSitePath.optional() }).strict();
/** The six digits of an authenticator app. */
export const totpCodeInput = z
  .object({ code: z.string().trim().regex(/^\d{6}$/, keyed('totpCodeInvalid')), trustDevice: z.boolean().optional() })
  .strict();
export type TotpCodeInput = z.infer<typeof totpCodeInput>;
export const backupCodeInput = z
  .object({ code: z.string().trim().min(1, keyed('backupCodeRequired')).max(64), trustDevice: z.boolean().optional() })
  .strict();
export type BackupCodeInput = z.infer<typeof backupCodeInput>;
/** Turning two-factor sign-in on or off, or new backup codes: the password first. */
export const twoFactorPasswordInput = z.object({ password: currentPasswordField }).strict();
export type TwoFactorPasswordInput = z.infer<typeof twoFactorPasswordInput>;
export const emptyBody = z.object({}).strict();

/** A signed-in device as Settings → General lists it (never its token). */
export const sessionSummary = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;
export const sessionList = z.object({ sessions: z.array(sessionSummary) });
export type SessionList = z.infer<typeof sessionList>;

/*
 * The parts of Better Auth's answers the SPA reads. Objects are not strict: Better Auth adds fields (the user, a
 * token) the SPA has no use for, and those are dropped when parsed.
 */

/** After email and password: `twoFactorRedirect` when the account asks for its second factor next. */
export const signInAnswer = z.object({ twoFactorRedirect: z.boolean().optional() });
/** Google sign-in: where to send the browser (Google's consent screen). */
export const socialSignInAnswer = z.object({ url: z.string().optional() });
/** Two-factor sign-in turned on: the authenticator app's setup link and the one-time backup codes. */
export const twoFactorEnableAnswer = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export type TwoFactorEnableAnswer = z.infer<typeof twoFactorEnableAnswer>;
