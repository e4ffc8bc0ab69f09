import { z } from 'zod';
import { memberRoles, permissions } from '../teams/roles';

export const plans = ['basic', 'subscribed', 'team'] as const;
export const planSchema = z.enum(plans);
export type Plan = z.infer<typeof planSchema>;

export const emailField = z.string().trim().min(1, 'Email is required').email('Enter a valid email address');
export const passwordField = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');
export const displayNameField = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');

export const registerInput = z.object({ name: displayNameField, email: emailField, password: passwordField });
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({ email: emailField, password: z.string().min(1, 'Password is required') });
export type LoginInput = z.infer<typeof loginInput>;

/** What the SPA knows about the signed-in user: the spec's session user plus the claims it reads. */
export const sessionUser = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  photoUrl: z.string().nullable(),
  plan: planSchema,
  /** Invited into someone else's team (the spec's ownerId claim). */
  isOrganizationUser: z.boolean(),
  /** The team owner's id; a user without a team record is their own team owner. */
  teamOwnerId: z.string(),
  /** The user's place in their team: 'owner' when they are their own team owner (spec §6 team roles). */
  role: z.enum(memberRoles),
  /** What the role may do in team mode (empty outside it); the server decides, the SPA mirrors. */
  permissions: z.array(z.enum(permissions)),
  /** The team's owner is on Teams: the user's team cards have the team's features. */
  isTeamMode: z.boolean(),
  hasPassword: z.boolean(),
  /** Signed in with Google at least once. */
  hasGoogle: z.boolean(),
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;
