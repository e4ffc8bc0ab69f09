import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/* The account as stored: the user row and its sign-in methods (Better Auth's tables). */

type Db = Kysely<Database>;

/** The user's sign-in methods: a `credential` row holds the password hash. */
export function listSignInMethods(db: Db, userId: string) {
  return db.selectFrom('account').select(['id', 'providerId', 'password']).where('userId', '=', userId).execute();
}

export async function updateDisplayName(db: Db, userId: string, name: string, now: string): Promise<void> {
  await db.updateTable('user').set({ name, updatedAt: now }).where('id', '=', userId).execute();
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  return (await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst())?.id ?? null;
}

/** A new email is unverified until the user confirms it. */
export async function updateEmail(db: Db, userId: string, email: string, now: string): Promise<void> {
  await db.updateTable('user').set({ email, emailVerified: 0, updatedAt: now }).where('id', '=', userId).execute();
}

/** A new password; every other session of the user ends (other devices sign in again with it). */
export async function replacePassword(db: Db, input: { userId: string; credentialId: string; hash: string; keepSessionId: string; now: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('account').set({ password: input.hash, updatedAt: input.now }).where('id', '=', input.credentialId).execute();
    await trx.deleteFrom('session').where('userId', '=', input.userId).where('id', '!=', input.keepSessionId).execute();
  });
}

/** Email sign-in for an account that had only Google. */
export async function addPasswordSignIn(db: Db, userId: string, hash: string, now: string): Promise<void> {
  await db
    .insertInto('account')
    .values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
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

export async function setPhotoUrl(db: Db, userId: string, url: string | null, now: string): Promise<void> {
  await db.updateTable('user').set({ image: url, updatedAt: now }).where('id', '=', userId).execute();
}

/** The user row; sessions and sign-in methods go with it (foreign keys cascade). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user').where('id', '=', userId).execute();
}
