import type { Kysely } from 'kysely';
import { defaultPreferences, isTimeZone, type AccountPreferences, type UpdateAccountPreferencesInput } from '@cardstack/shared/account/preferences';
import { isLocale, type Locale } from '@cardstack/shared/i18n/locales';
import { toIsoString, type AnyConnection } from '../../db/schema';
import type { AuthTables } from './auth-tables';

/*
 * The sign-in tables outside Better Auth (the user row, sessions, sign-in methods, second factors): the rules
 * the library does not have (a confirmation that evicts, an email change that ends other sessions), and what
 * other modules read or change through the auth module's entry (the account settings, the operator console).
 * Booleans are written as 0/1, which SQLite stores and PostgreSQL casts to its boolean.
 */

type Db = Kysely<AuthTables>;

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

/** Ends every session of the user but one (the browser asking), as a sign-out would. */
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

/** Ends every session of the user (an operator disabling the account). */
export async function deleteSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('session').where('userId', '=', userId).execute();
}

/** The user's sign-in methods: a `credential` row holds the password hash. */
export function listSignInMethods(db: Db, userId: string) {
  return db.selectFrom('account').select(['id', 'providerId', 'password']).where('userId', '=', userId).execute();
}

export async function saveDisplayName(db: Db, userId: string, name: string, now: string): Promise<void> {
  await db.updateTable('user').set({ name, updatedAt: now }).where('id', '=', userId).execute();
}

/** The account's language and time zone; English and UTC until chosen. */
export async function findPreferences(db: Db, userId: string): Promise<AccountPreferences> {
  const row = await db.selectFrom('user').select(['language', 'timeZone']).where('id', '=', userId).executeTakeFirst();
  return row ? preferencesOf(row) : defaultPreferences;
}

/** The language and time zone of the account with this sign-in email; English and UTC for any other address. */
export async function findPreferencesByEmail(db: Db, email: string): Promise<AccountPreferences> {
  const row = await db.selectFrom('user').select(['language', 'timeZone']).where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row ? preferencesOf(row) : defaultPreferences;
}

/** Stored values as preferences: an unknown language or time zone reads as the default. */
export function preferencesOf(row: { language: string; timeZone: string }): AccountPreferences {
  return {
    language: isLocale(row.language) ? row.language : defaultPreferences.language,
    timeZone: row.timeZone !== '' && isTimeZone(row.timeZone) ? row.timeZone : defaultPreferences.timeZone,
    isChosen: row.language !== '',
  };
}

/** A new account's language, from the browser that signed up; the time zone stays to be chosen. */
export async function adoptBrowserLanguage(db: Db, userId: string, language: Locale): Promise<void> {
  await db.updateTable('user').set({ language }).where('id', '=', userId).where('language', '=', '').execute();
}

export async function savePreferences(db: Db, userId: string, preferences: UpdateAccountPreferencesInput, now: string): Promise<void> {
  await db.updateTable('user').set({ language: preferences.language, timeZone: preferences.timeZone, updatedAt: now }).where('id', '=', userId).execute();
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  return (await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst())?.id ?? null;
}

export async function setPhotoUrl(db: Db, userId: string, url: string | null, now: string): Promise<void> {
  await db.updateTable('user').set({ image: url, updatedAt: now }).where('id', '=', userId).execute();
}

/** The user row; sessions and sign-in methods go with it (foreign keys cascade). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user').where('id', '=', userId).execute();
}

/** When the account was created (ISO), or null for an unknown user. */
export async function findAccountCreatedAt(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('user').select('createdAt').where('id', '=', userId).executeTakeFirst();
  return row ? toIsoString(row.createdAt) : null;
}

/**
 * Locks the user's row until the transaction ends (PostgreSQL), for a module that serialises one user's
 * decisions. NO KEY UPDATE: conflicts with itself, but not with the key-share locks of inserts referencing the user.
 */
export async function lockUserRow(connection: AnyConnection, userId: string): Promise<void> {
  const trx: Db = connection;
  await trx.selectFrom('user').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}
