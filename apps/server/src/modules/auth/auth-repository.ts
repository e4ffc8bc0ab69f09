import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/*
 * The auth module's own writes to the sign-in tables (user flags, sessions, sign-in methods, second factors),
 * for the rules Better Auth does not have: a confirmation that evicts, an email change that ends other
 * sessions. Booleans are written as 0/1, which SQLite stores and PostgreSQL casts to its boolean.
 */

type Db = Kysely<Database>;

/**
 * Every way into the account that existed before its address was confirmed: sessions, the password and any
 * linked identity (Google), the authenticator app and backup codes, passkeys. `keepPassword` keeps the
 * password row (a reset just set it, through the mailbox the confirmation proves).
 */
export async function deleteSignInCredentials(trx: Db, userId: string, options: { keepPassword: boolean }): Promise<void> {
  await trx.deleteFrom('session').where('userId', '=', userId).execute();
  let accounts = trx.deleteFrom('account').where('userId', '=', userId);
  if (options.keepPassword) accounts = accounts.where('providerId', '!=', 'credential');
  await accounts.execute();
  await trx.deleteFrom('twoFactor').where('userId', '=', userId).execute();
  await trx.deleteFrom('passkey').where('user_id', '=', userId).execute();
  await trx.updateTable('user').set({ twoFactorEnabled: 0, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute();
}

export async function markEmailConfirmed(trx: Db, userId: string): Promise<void> {
  await trx.updateTable('user').set({ emailVerified: 1, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute();
}

/** Ends every session of the user but one. */
export async function deleteOtherSessions(db: Db, userId: string, keptSessionId: string): Promise<void> {
  await db.deleteFrom('session').where('userId', '=', userId).where('id', '!=', keptSessionId).execute();
}

export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('account')
    .select('id')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .where('password', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many ways in the user has besides `providerId` (a new link to an existing account, or a first sign-up). */
export async function countOtherSignInMethods(db: Db, userId: string, providerId: string): Promise<number> {
  const row = await db
    .selectFrom('account')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('providerId', '!=', providerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whom to mail about the account: its address and name. */
export function findUserContact(db: Db, userId: string) {
  return db.selectFrom('user').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Turns the second factors of an account off (an operator helping someone who lost their phone): the
 * authenticator app and backup codes, the passkeys, and every session. Answers how many passkeys there were.
 */
export async function turnOffSecondFactors(trx: Db, userId: string): Promise<{ passkeyCount: number; hadTwoFactor: boolean }> {
  const user = await trx.selectFrom('user').select('twoFactorEnabled').where('id', '=', userId).executeTakeFirst();
  const passkeys = await trx.deleteFrom('passkey').where('user_id', '=', userId).executeTakeFirst();
  await trx.deleteFrom('twoFactor').where('userId', '=', userId).execute();
  await trx.updateTable('user').set({ twoFactorEnabled: 0, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute();
  await trx.deleteFrom('session').where('userId', '=', userId).execute();
  return { passkeyCount: Number(passkeys.numDeletedRows), hadTwoFactor: Boolean(user?.twoFactorEnabled) };
}
