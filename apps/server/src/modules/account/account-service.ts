import crypto from 'node:crypto';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { toIsoString, type AnyConnection } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  deleteUser,
  findPreferences,
  findUserIdByEmail,
  googleProviderId,
  isAuthApiError,
  listSignInMethods,
  saveDisplayName,
  setPhotoUrl,
  type Caller,
  type PasswordAttempts,
} from '../auth/auth-module';
import { reencodeImage, type FileStorage } from '../storage/storage-module';
import type { AfterCommit, AppModule } from '../module-contract';
import type { AccessReviewDeps } from './access-review';
import { keyed } from '@cardstack/shared/i18n/keyed';

/** A change to credentials needs a sign-in this recent when no password can be asked for. */
const recentLoginMs = 5 * 60_000;

/** The modules, in creation order, that take part in deleting an account (see `AppModule`). */
export type AccountDeletionParts = readonly Pick<AppModule, 'beforeAccountDeleted' | 'onAccountDeleted'>[];

/** What the account's use cases need: the access review's (the database, Better Auth, the integrations' keys, grants and webhooks), and: */
export interface AccountDeps extends AccessReviewDeps {
  storage: FileStorage;
  /** Every password check counts per address and per account (the sign-in budget). */
  passwordAttempts: PasswordAttempts;
  accountDeletion: AccountDeletionParts;
}

const requiresRecentLogin = () =>
  new AppError(403, 'requires-recent-login', keyed('recentLoginRequired'), { currentPassword: keyed('recentLoginRequired') });

const nowIso = () => new Date().toISOString();

/** Who asks, as the auth library sees them: the request's cookies and the address Fastify trusts. */
export interface AuthRequest {
  headers: Headers;
  ip: string;
}

const wrongPassword = (field: string) => new AppError(400, 'wrong-password', keyed('wrongPassword'), { [field]: keyed('wrongPassword') });

/** Maps the auth library's "invalid password" to the field's message; anything else goes on as it is. */
async function asCallerField<T>(field: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (isAuthApiError(error) && error.body?.code === 'INVALID_PASSWORD') throw wrongPassword(field);
    if (isAuthApiError(error) && error.body?.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') throw requiresRecentLogin();
    throw error;
  }
}

/** The password, checked by the auth library after the attempt is counted (per address and per account). */
async function verifyPassword(deps: AccountDeps, caller: Caller, request: AuthRequest, password: string, field: string): Promise<void> {
  await deps.passwordAttempts.check({ ip: request.ip, email: caller.email });
  await asCallerField(field, async () => (await deps.loadAuth()).api.verifyPassword({ body: { password }, headers: request.headers }));
}

function isRecent(caller: Caller): boolean {
  return Date.now() - caller.session.createdAt.getTime() <= recentLoginMs;
}

export async function getSessionUser(deps: AccountDeps, caller: Caller): Promise<SessionUser> {
  const [methods, preferences] = await Promise.all([listSignInMethods(deps.db, caller.userId), findPreferences(deps.db, caller.userId)]);
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
    emailVerified: caller.emailVerified,
    mustConfirmEmail: caller.mustConfirmEmail,
    twoFactorEnabled: caller.twoFactorEnabled,
    language: preferences.language,
    timeZone: preferences.timeZone,
    createdAt: toIsoString(caller.createdAt),
  };
}

export async function updateDisplayName(deps: AccountDeps, userId: string, displayName: string): Promise<void> {
  await saveDisplayName(deps.db, userId, displayName, nowIso());
}

/**
 * The new address takes over once its owner opens the link the auth library mails to it; the current address
 * is told of the request at once.
 */
export async function changeEmail(deps: AccountDeps, caller: Caller, request: AuthRequest, input: { newEmail: string; password: string }): Promise<void> {
  const newEmail = input.newEmail.toLowerCase();
  await verifyPassword(deps, caller, request, input.password, 'password');
  if (newEmail === caller.email) throw new AppError(400, 'same-email', keyed('sameEmail'), { newEmail: keyed('sameEmail') });
  const takenBy = await findUserIdByEmail(deps.db, newEmail);
  if (takenBy && takenBy !== caller.userId) {
    throw new AppError(409, 'email-already-in-use', keyed('emailInUse'), { newEmail: keyed('emailInUse') });
  }
  await (await deps.loadAuth()).api.changeEmail({ body: { newEmail, callbackURL: '/settings?email=confirmed' }, headers: request.headers });
  await deps.outbox.enqueue(deps.db, { to: caller.email, template: 'email-change-notice', data: { displayName: caller.name, newEmail } });
}

/**
 * Password accounts give the old password. A Google-only account has none to give: it re-authenticates
 * with Google (a fresh session) and then sets a password, which adds email sign-in to the account.
 */
export async function changePassword(
  deps: AccountDeps,
  caller: Caller,
  request: AuthRequest,
  input: { currentPassword?: string | undefined; newPassword: string },
): Promise<{ cookies: string[] }> {
  const methods = await listSignInMethods(deps.db, caller.userId);
  const credential = methods.find((account) => account.providerId === 'credential' && account.password);
  if (credential) {
    if (!input.currentPassword) {
      throw new AppError(400, 'validation', keyed('currentPasswordRequired'), { currentPassword: keyed('currentPasswordRequired') });
    }
    await deps.passwordAttempts.check({ ip: request.ip, email: caller.email });
    const currentPassword = input.currentPassword;
    // Every other session ends; this device gets a fresh session (its cookie goes back with the answer).
    const result = await asCallerField('currentPassword', async () =>
      (await deps.loadAuth()).api.changePassword({
        body: { currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    await deps.outbox.securityNotice(deps.db, caller.email, { displayName: caller.name, change: 'password-changed' });
    return { cookies: result.headers.getSetCookie() };
  }
  if (!isRecent(caller)) throw requiresRecentLogin();
  await (await deps.loadAuth()).api.setPassword({ body: { newPassword: input.newPassword }, headers: request.headers });
  // A password added beside another way in (Google) is news to the account; the first way in of an account whose
  // confirmation just removed everything ("Choose a password") is not.
  if (methods.some((account) => account.providerId !== 'credential')) {
    await deps.outbox.securityNotice(deps.db, caller.email, { displayName: caller.name, change: 'sign-in-method-added', method: 'password' });
  }
  return { cookies: [] };
}

/** The storage folder of account photos (`avatars/{userId}/{random}.webp`), served at /files to whoever has the address. */
export const accountPhotoFolder = 'avatars';

export async function setPhoto(deps: AccountDeps, userId: string, upload: Buffer): Promise<string> {
  const image = await reencodeImage(upload, { maxWidth: 512, maxHeight: 512, fit: 'cover' });
  const key = `${accountPhotoFolder}/${userId}/${crypto.randomBytes(12).toString('base64url')}.webp`;
  const previous = await deps.storage.list(`${accountPhotoFolder}/${userId}/`);
  await deps.storage.put(key, image.body, image.contentType);
  const url = `/files/${key}`;
  try {
    await setPhotoUrl(deps.db, userId, url, nowIso());
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  await Promise.all(previous.map((oldKey) => deps.storage.delete(oldKey)));
  return url;
}

export async function removePhoto(deps: AccountDeps, userId: string): Promise<void> {
  await setPhotoUrl(deps.db, userId, null, nowIso());
  await deps.storage.deletePrefix(`${accountPhotoFolder}/${userId}/`);
}

/** Deletes the account and everything it owns. Password accounts confirm with the password. */
export async function deleteAccount(deps: AccountDeps, caller: Caller, request: AuthRequest, input: { password?: string | undefined }): Promise<void> {
  const methods = await listSignInMethods(deps.db, caller.userId);
  const hasPassword = methods.some((account) => account.providerId === 'credential' && account.password);
  if (hasPassword) {
    if (!input.password) {
      throw new AppError(400, 'validation', keyed('passwordToDelete'), { password: keyed('passwordToDelete') });
    }
    await verifyPassword(deps, caller, request, input.password, 'password');
  } else if (!isRecent(caller)) {
    throw requiresRecentLogin();
  }
  await runAccountDeletion(deps, caller.userId, caller.email);
}

/**
 * Deletes a user and everything of theirs: the outside calls first, then every feature's rows and the user's
 * in one transaction (a failure halfway leaves the account as it was), then the files.
 */
export async function runAccountDeletion(deps: AccountDeps, userId: string, email: string): Promise<void> {
  // Newest module first: a module deletes its rows before the modules it builds on (teams hand a member's team
  // cards over before the member's own cards go; the outbox forgets the person last).
  const parts = [...deps.accountDeletion].reverse();
  for (const part of parts) await part.beforeAccountDeleted?.(userId);
  const afterCommit = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const cleanups: AfterCommit[] = [];
    for (const part of parts) {
      const cleanup = await part.onAccountDeleted?.(trx, { userId, email });
      if (cleanup) cleanups.push(cleanup);
    }
    await deleteUser(trx, userId);
    return cleanups;
  });
  for (const cleanup of afterCommit) await cleanup();
  await deps.storage.deletePrefix(`${accountPhotoFolder}/${userId}/`);
}
