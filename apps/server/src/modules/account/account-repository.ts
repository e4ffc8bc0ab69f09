import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/* The account as stored: the user row, its sign-in methods and sessions (Better Auth's tables). */

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

export async function setPhotoUrl(db: Db, userId: string, url: string | null, now: string): Promise<void> {
  await db.updateTable('user').set({ image: url, updatedAt: now }).where('id', '=', userId).execute();
}

/** Ends every session of the user but one (the browser asking), as a sign-out would. */
export async function deleteSessionsExcept(db: Db, userId: string, keptSessionId: string): Promise<void> {
  await db.deleteFrom('session').where('userId', '=', userId).where('id', '!=', keptSessionId).execute();
}

/** The user row; sessions and sign-in methods go with it (foreign keys cascade). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user').where('id', '=', userId).execute();
}
