import type { Kysely, Selectable } from 'kysely';
import { contactImportStatus, type ContactImportStatus, type ImportRefusal } from '@cardstack/shared/contacts/import';
import { keyedTextIn } from '@cardstack/shared/i18n/keyed-text';
import type { Locale } from '@cardstack/shared/i18n/locales';
import type { ContactImportTable, ContactTables } from '../contacts-tables';

/* The imports' rows: their state and counts, the merges they made, and the contacts they created. */

type Db = Kysely<ContactTables>;
export type ImportRow = Selectable<ContactImportTable>;

export async function insertImport(db: Db, row: ImportRow): Promise<void> {
  await db.insertInto('contact_import').values(row).execute();
}

export async function findImport(db: Db, id: string): Promise<ImportRow | null> {
  return (await db.selectFrom('contact_import').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Changes an import's row; with `fromState`, only while it is in that state (true when it was). */
export async function updateImport(db: Db, id: string, changes: Partial<ImportRow>, fromState?: string): Promise<boolean> {
  let query = db.updateTable('contact_import').set(changes).where('id', '=', id);
  if (fromState) query = query.where('state', '=', fromState);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function insertMerge(db: Db, merge: { importId: string; contactId: string; before: unknown; after: unknown }): Promise<void> {
  await db
    .insertInto('contact_import_merge')
    .values({ import_id: merge.importId, contact_id: merge.contactId, before: JSON.stringify(merge.before), after: JSON.stringify(merge.after) })
    .execute();
}

export async function findMerges(db: Db, importId: string): Promise<{ contactId: string; before: Record<string, unknown>; after: Record<string, unknown> }[]> {
  const rows = await db.selectFrom('contact_import_merge').select(['contact_id', 'before', 'after']).where('import_id', '=', importId).execute();
  return rows.map((row) => ({ contactId: row.contact_id, before: JSON.parse(row.before) as Record<string, unknown>, after: JSON.parse(row.after) as Record<string, unknown> }));
}

/** The contacts an import created: their ids and photo keys (a page at a time, for undoing). */
export async function createdContacts(db: Db, importId: string, limit: number): Promise<{ id: string; imageKey: string | null }[]> {
  const rows = await db.selectFrom('contact').select(['id', 'image_key']).where('import_id', '=', importId).limit(limit).execute();
  return rows.map((row) => ({ id: row.id, imageKey: row.image_key }));
}

export async function deleteContactsById(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('contact').where('id', 'in', [...ids]).execute();
}

/** Account deletion: the user's imports and their merge records; the stored uploads' keys are returned. */
export async function deleteImportsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('contact_import').select(['id', 'file_key']).where('owner_id', '=', userId).execute();
  if (rows.length === 0) return [];
  await db.deleteFrom('contact_import_merge').where('import_id', 'in', rows.map((row) => row.id)).execute();
  await db.deleteFrom('contact_import').where('owner_id', '=', userId).execute();
  return rows.flatMap((row) => (row.file_key ? [row.file_key] : []));
}

/** The row as the API shows it: its refusals and its error (stored as keyed messages) in the reader's language. */
export function statusOf(row: ImportRow, locale: Locale): ContactImportStatus {
  const text = keyedTextIn(locale);
  return contactImportStatus.parse({
    id: row.id,
    state: row.state,
    fileName: row.file_name,
    target: row.team_owner_id ? 'team' : 'own',
    format: row.format,
    encoding: row.encoding,
    columns: JSON.parse(row.columns) as string[],
    mapping: JSON.parse(row.mapping) as string[],
    found: row.found,
    duplicatesByEmail: row.duplicates_by_email,
    duplicatesByPhone: row.duplicates_by_phone,
    processed: row.processed,
    created: row.created,
    merged: row.merged,
    skipped: row.skipped,
    refused: row.refused,
    refusals: (JSON.parse(row.refusals) as ImportRefusal[]).map((refusal) => ({ ...refusal, reason: text(refusal.reason) })),
    error: row.error === null ? null : text(row.error),
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  });
}
