import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { planSchema } from '@cardstack/shared/auth/schemas';
import type { MemberRole, Permission } from '@cardstack/shared/teams/roles';
import type { Database } from '../../db/schema';
import { toIsoString } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Auth } from '../auth/auth';
import { googleProviderId } from '../auth/auth';
import type { CurrentSession } from '../auth/session';
import { reencodeImage } from '../storage/images';
import type { FileStorage } from '../storage/storage';

/** A change to credentials needs a sign-in this recent when no password can be asked for. */
export const recentLoginMs = 5 * 60_000;

/** Steps other features add to run when an account is deleted (cards and files, subscriptions …). */
export type AccountDeletionStep = (userId: string) => Promise<void>;

/** Team claims, resolved by the teams feature (modules/teams/team-claims.ts). */
export interface TeamClaims {
  isOrganizationUser: boolean;
  teamOwnerId: string;
  /** Left out by stand-in resolvers (benchmarks): read as the user's own team, no permissions. */
  role?: MemberRole;
  permissions?: Permission[];
}
export type TeamClaimsResolver = (userId: string) => Promise<TeamClaims>;

export interface AccountDeps {
  db: Kysely<Database>;
  auth: Auth;
  storage: FileStorage;
  accountDeletionSteps: AccountDeletionStep[];
  resolveTeamClaims: TeamClaimsResolver;
}

const requiresRecentLogin = () =>
  new AppError(403, 'requires-recent-login', 'For your security, sign in again before making this change.', {
    currentPassword: 'For your security, sign in again before making this change.',
  });

async function listProviders(db: Kysely<Database>, userId: string) {
  return db.selectFrom('account').select(['id', 'providerId', 'password']).where('userId', '=', userId).execute();
}

async function verifyPassword(deps: AccountDeps, userId: string, password: string, field: string): Promise<void> {
  const credential = (await listProviders(deps.db, userId)).find((account) => account.providerId === 'credential');
  if (!credential?.password) throw requiresRecentLogin();
  const context = await deps.auth.$context;
  const isValid = await context.password.verify({ hash: credential.password, password });
  if (!isValid) throw new AppError(400, 'wrong-password', 'The password is incorrect.', { [field]: 'The password is incorrect.' });
}

function isRecent(session: CurrentSession): boolean {
  return Date.now() - session.session.createdAt.getTime() <= recentLoginMs;
}

export async function getSessionUser(deps: AccountDeps, session: CurrentSession): Promise<SessionUser> {
  const providers = await listProviders(deps.db, session.user.id);
  const claims = await deps.resolveTeamClaims(session.user.id);
  const plan = planSchema.safeParse(session.user.plan);
  return {
    id: session.user.id,
    displayName: session.user.name,
    email: session.user.email,
    photoUrl: session.user.image,
    plan: plan.success ? plan.data : 'basic',
    isOrganizationUser: claims.isOrganizationUser,
    teamOwnerId: claims.teamOwnerId,
    role: claims.role ?? 'owner',
    permissions: claims.permissions ?? [],
    hasPassword: providers.some((account) => account.providerId === 'credential' && account.password),
    hasGoogle: providers.some((account) => account.providerId === googleProviderId),
    createdAt: toIsoString(session.user.createdAt),
  };
}

export async function updateDisplayName(deps: AccountDeps, userId: string, displayName: string): Promise<void> {
  await deps.db
    .updateTable('user')
    .set({ name: displayName, updatedAt: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function changeEmail(
  deps: AccountDeps,
  session: CurrentSession,
  input: { newEmail: string; password: string },
): Promise<void> {
  const newEmail = input.newEmail.toLowerCase();
  await verifyPassword(deps, session.user.id, input.password, 'password');
  const taken = await deps.db.selectFrom('user').select('id').where('email', '=', newEmail).executeTakeFirst();
  if (taken && taken.id !== session.user.id) {
    throw new AppError(409, 'email-already-in-use', 'An account with this email already exists.', {
      newEmail: 'An account with this email already exists.',
    });
  }
  await deps.db
    .updateTable('user')
    .set({ email: newEmail, emailVerified: 0, updatedAt: new Date().toISOString() })
    .where('id', '=', session.user.id)
    .execute();
}

/**
 * Password accounts give the old password. A Google-only account has none to give: it re-authenticates
 * with Google (a fresh session) and then sets a password, which adds email sign-in to the account.
 */
export async function changePassword(
  deps: AccountDeps,
  session: CurrentSession,
  input: { currentPassword?: string | undefined; newPassword: string },
): Promise<void> {
  const providers = await listProviders(deps.db, session.user.id);
  const credential = providers.find((account) => account.providerId === 'credential' && account.password);
  const context = await deps.auth.$context;
  const hash = await context.password.hash(input.newPassword);
  const now = new Date().toISOString();
  if (credential) {
    if (!input.currentPassword) {
      throw new AppError(400, 'validation', 'Enter your current password.', { currentPassword: 'Enter your current password.' });
    }
    await verifyPassword(deps, session.user.id, input.currentPassword, 'currentPassword');
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('account').set({ password: hash, updatedAt: now }).where('id', '=', credential.id).execute();
      // Other devices must sign in again with the new password.
      await trx.deleteFrom('session').where('userId', '=', session.user.id).where('id', '!=', session.session.id).execute();
    });
    return;
  }
  if (!isRecent(session)) throw requiresRecentLogin();
  await deps.db
    .insertInto('account')
    .values({
      id: crypto.randomUUID(),
      accountId: session.user.id,
      providerId: 'credential',
      userId: session.user.id,
      password: hash,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

export async function setPhoto(deps: AccountDeps, userId: string, upload: Buffer): Promise<string> {
  const image = await reencodeImage(upload, { maxWidth: 512, maxHeight: 512, fit: 'cover' });
  const key = `avatars/${userId}/${crypto.randomBytes(12).toString('base64url')}.webp`;
  const previous = await deps.storage.list(`avatars/${userId}/`);
  await deps.storage.put(key, image.body, image.contentType);
  const url = `/files/${key}`;
  try {
    await deps.db.updateTable('user').set({ image: url, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute();
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  await Promise.all(previous.map((oldKey) => deps.storage.delete(oldKey)));
  return url;
}

export async function removePhoto(deps: AccountDeps, userId: string): Promise<void> {
  await deps.db.updateTable('user').set({ image: null, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute();
  await deps.storage.deletePrefix(`avatars/${userId}/`);
}

/** Deletes the account and everything it owns. Password accounts confirm with the password. */
export async function deleteAccount(
  deps: AccountDeps,
  session: CurrentSession,
  input: { password?: string | undefined },
): Promise<void> {
  const providers = await listProviders(deps.db, session.user.id);
  const hasPassword = providers.some((account) => account.providerId === 'credential' && account.password);
  if (hasPassword) {
    if (!input.password) {
      throw new AppError(400, 'validation', 'Enter your password to delete your account.', {
        password: 'Enter your password to delete your account.',
      });
    }
    await verifyPassword(deps, session.user.id, input.password, 'password');
  } else if (!isRecent(session)) {
    throw requiresRecentLogin();
  }
  for (const step of deps.accountDeletionSteps) await step(session.user.id);
  await deps.storage.deletePrefix(`avatars/${session.user.id}/`);
  // Sessions and sign-in methods go with the user (foreign keys cascade).
  await deps.db.deleteFrom('user').where('id', '=', session.user.id).execute();
}
