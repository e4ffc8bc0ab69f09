import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthTables } from './auth-tables';

/* The passkeys of accounts (the `passkey` table): WebAuthn credentials, each a way in and a second factor. */

type Db = Kysely<AuthTables>;

export interface StoredPasskey {
  id: string;
  userId: string;
  name: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  isBackedUp: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

const columns = ['id', 'user_id', 'name', 'credential_id', 'public_key', 'counter', 'transports', 'is_backed_up', 'created_at', 'last_used_at'] as const;

function toPasskey(row: Pick<Database['passkey'], (typeof columns)[number]>): StoredPasskey {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports ? row.transports.split(',') : [],
    isBackedUp: row.is_backed_up === 1,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

export async function listPasskeys(db: Db, userId: string): Promise<StoredPasskey[]> {
  const rows = await db.selectFrom('passkey').select(columns).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toPasskey);
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<StoredPasskey | null> {
  const row = await db.selectFrom('passkey').select(columns).where('credential_id', '=', credentialId).executeTakeFirst();
  return row ? toPasskey(row) : null;
}

export async function insertPasskey(db: Db, passkey: StoredPasskey): Promise<void> {
  await db
    .insertInto('passkey')
    .values({
      id: passkey.id,
      user_id: passkey.userId,
      name: passkey.name,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports.join(','),
      is_backed_up: passkey.isBackedUp ? 1 : 0,
      created_at: passkey.createdAt,
      last_used_at: passkey.lastUsedAt,
    })
    .execute();
}

export async function recordPasskeyUse(db: Db, id: string, counter: number, now: string): Promise<void> {
  await db.updateTable('passkey').set({ counter, last_used_at: now }).where('id', '=', id).execute();
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const result = await db.updateTable('passkey').set({ name }).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The removed passkey's name, or null when the user has no such passkey. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<string | null> {
  const row = await db.deleteFrom('passkey').where('user_id', '=', userId).where('id', '=', id).returning('name').executeTakeFirst();
  return row?.name ?? null;
}
