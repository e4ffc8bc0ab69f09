import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import type { Database } from '../../db/schema';
import { toIsoString } from '../../db/schema';
import { AppError } from '../../http/errors';
import { googleProviderId, type Auth, type Caller } from '../auth/auth-module';
import { reencodeImage, type FileStorage } from '../storage/storage-module';
import * as repository from './account-repository';

/** A change to credentials needs a sign-in this recent when no password can be asked for. */
const recentLoginMs = 5 * 60_000;

/** What the other features remove when an account is deleted (cards and files, subscriptions …), in order. */
export type AccountDeletionStep = (userId: string) => Promise<void>;

export interface AccountDeps {
  db: Kysely<Database>;
  auth: Auth;
  storage: FileStorage;
  /** Run in this order before the user row goes; a step that throws leaves the account in place. */
  accountDeletionSteps: readonly AccountDeletionStep[];
}

const requiresRecentLogin = () =>
  new AppError(403, 'requires-recent-login', 'For your security, sign in again before making this change.', {
    currentPassword: 'For your security, sign in again before making this change.',
  });

const nowIso = () => new Date().toISOString();

async function verifyPassword(deps: AccountDeps, userId: string, password: string, field: string): Promise<void> {
  const credential = (await repository.listSignInMethods(deps.db, userId)).find((account) => account.providerId === 'credential');
  if (!credential?.password) throw requiresRecentLogin();
  const context = await deps.auth.$context;
  const isValid = await context.password.verify({ hash: credential.password, password });
  if (!isValid) throw new AppError(400, 'wrong-password', 'The password is incorrect.', { [field]: 'The password is incorrect.' });
}

function isRecent(caller: Caller): boolean {
  return Date.now() - caller.session.createdAt.getTime() <= recentLoginMs;
}

export async function getSessionUser(deps: AccountDeps, caller: Caller): Promise<SessionUser> {
  const methods = await repository.listSignInMethods(deps.db, caller.userId);
  return {
    id: caller.userId,
    displayName: caller.name,
    email: caller.email,
    photoUrl: caller.image,
    plan: caller.plan,
    isOrganizationUser: caller.isOrganizationUser,
    teamOwnerId: caller.teamOwnerId,
    role: caller.role,
    permissions: caller.permissions,
    isTeamMode: caller.isTeamMode,
    hasPassword: methods.some((account) => account.providerId === 'credential' && account.password),
    hasGoogle: methods.some((account) => account.providerId === googleProviderId),
    createdAt: toIsoString(caller.createdAt),
  };
}

export async function updateDisplayName(deps: AccountDeps, userId: string, displayName: string): Promise<void> {
  await repository.updateDisplayName(deps.db, userId, displayName, nowIso());
}

export async function changeEmail(deps: AccountDeps, caller: Caller, input: { newEmail: string; password: string }): Promise<void> {
  const newEmail = input.newEmail.toLowerCase();
  await verifyPassword(deps, caller.userId, input.password, 'password');
  const takenBy = await repository.findUserIdByEmail(deps.db, newEmail);
  if (takenBy && takenBy !== caller.userId) {
    throw new AppError(409, 'email-already-in-use', 'An account with this email already exists.', {
      newEmail: 'An account with this email already exists.',
    });
  }
  await repository.updateEmail(deps.db, caller.userId, newEmail, nowIso());
}

/**
 * Password accounts give the old password. A Google-only account has none to give: it re-authenticates
 * with Google (a fresh session) and then sets a password, which adds email sign-in to the account.
 */
export async function changePassword(
  deps: AccountDeps,
  caller: Caller,
  input: { currentPassword?: string | undefined; newPassword: string },
): Promise<void> {
  const methods = await repository.listSignInMethods(deps.db, caller.userId);
  const credential = methods.find((account) => account.providerId === 'credential' && account.password);
  const context = await deps.auth.$context;
  const hash = await context.password.hash(input.newPassword);
  if (credential) {
    if (!input.currentPassword) {
      throw new AppError(400, 'validation', 'Enter your current password.', { currentPassword: 'Enter your current password.' });
    }
    await verifyPassword(deps, caller.userId, input.currentPassword, 'currentPassword');
    await repository.replacePassword(deps.db, { userId: caller.userId, credentialId: credential.id, hash, keepSessionId: caller.session.id, now: nowIso() });
    return;
  }
  if (!isRecent(caller)) throw requiresRecentLogin();
  await repository.addPasswordSignIn(deps.db, caller.userId, hash, nowIso());
}

export async function setPhoto(deps: AccountDeps, userId: string, upload: Buffer): Promise<string> {
  const image = await reencodeImage(upload, { maxWidth: 512, maxHeight: 512, fit: 'cover' });
  const key = `avatars/${userId}/${crypto.randomBytes(12).toString('base64url')}.webp`;
  const previous = await deps.storage.list(`avatars/${userId}/`);
  await deps.storage.put(key, image.body, image.contentType);
  const url = `/files/${key}`;
  try {
    await repository.setPhotoUrl(deps.db, userId, url, nowIso());
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  await Promise.all(previous.map((oldKey) => deps.storage.delete(oldKey)));
  return url;
}

export async function removePhoto(deps: AccountDeps, userId: string): Promise<void> {
  await repository.setPhotoUrl(deps.db, userId, null, nowIso());
  await deps.storage.deletePrefix(`avatars/${userId}/`);
}

/** Deletes the account and everything it owns. Password accounts confirm with the password. */
export async function deleteAccount(deps: AccountDeps, caller: Caller, input: { password?: string | undefined }): Promise<void> {
  const methods = await repository.listSignInMethods(deps.db, caller.userId);
  const hasPassword = methods.some((account) => account.providerId === 'credential' && account.password);
  if (hasPassword) {
    if (!input.password) {
      throw new AppError(400, 'validation', 'Enter your password to delete your account.', {
        password: 'Enter your password to delete your account.',
      });
    }
    await verifyPassword(deps, caller.userId, input.password, 'password');
  } else if (!isRecent(caller)) {
    throw requiresRecentLogin();
  }
  for (const step of deps.accountDeletionSteps) await step(caller.userId);
  await deps.storage.deletePrefix(`avatars/${caller.userId}/`);
  await repository.deleteUser(deps.db, caller.userId);
}
