import { sql, type Kysely } from 'kysely';
import { usernameKey } from '@cardstack/shared/cards/username';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Just enough of a card to decide what to answer: served from cache when the version still matches. */
export interface CardRef {
  id: string;
  version: number;
  ownerId: string;
}

/**
 * The card a public address names: by exact id first, then by username ignoring case. One indexed query
 * (primary key or the unique username_key) on every page request, so a change made by any server process is
 * seen by the next request.
 */
export async function findCardRef(db: Db, key: string): Promise<CardRef | null> {
  const row = await db
    .selectFrom('card')
    .select(['id', 'version', 'owner_id'])
    .where((eb) => eb.or([eb('id', '=', key), eb('username_key', '=', usernameKey(key))]))
    .orderBy(sql`case when id = ${key} then 0 else 1 end`)
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, version: row.version, ownerId: row.owner_id } : null;
}

/** The vCard recorded on the card (by any server process), to tell whether it is there for the current version. */
export async function findVCardRecord(db: Db, cardId: string): Promise<{ vcfFileName: string | null; vcfLink: string | null } | null> {
  const row = await db.selectFrom('card').select(['vcf_file_name', 'vcf_link']).where('id', '=', cardId).executeTakeFirst();
  return row ? { vcfFileName: row.vcf_file_name, vcfLink: row.vcf_link } : null;
}

/**
 * Records the stored vCard of one version without touching the version: when the card changed meanwhile the
 * row no longer has that version, nothing is written and false comes back (the file is for an old card).
 */
export async function recordVCardFile(db: Db, cardId: string, version: number, fileName: string, link: string): Promise<boolean> {
  const result = await db
    .updateTable('card')
    .set({ vcf_file_name: fileName, vcf_link: link })
    .where('id', '=', cardId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
