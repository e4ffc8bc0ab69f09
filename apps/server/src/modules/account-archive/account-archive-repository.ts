import type { Kysely, Selectable } from 'kysely';
import type { AccountExportSummary, AccountExportState, AccountImportReport, AccountImportState, AccountImportSummary } from '@cardstack/shared/account/account-archive';
import { userView } from '../auth/auth-module';
import type { AccountArchiveTables, AccountExportTable, AccountImportTable } from './account-archive-tables';

type Db = Kysely<AccountArchiveTables>;

export function toExportSummary(row: Selectable<AccountExportTable>): AccountExportSummary {
  return { id: row.id, state: row.state as AccountExportState, createdAt: row.created_at, readyAt: row.ready_at, expiresAt: row.expires_at, size: row.size };
}

export function toImportSummary(row: Selectable<AccountImportTable>): AccountImportSummary {
  return {
    id: row.id,
    state: row.state as AccountImportState,
    fileName: row.file_name,
    source: row.source,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    report: row.report ? (JSON.parse(row.report) as AccountImportReport) : null,
  };
}

/** The account's address now (it may have changed since the export was asked for); null once the account is gone. */
export async function findEmailOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom(userView().as('user')).select('user.email').where('user.id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

// ---- Exports -------------------------------------------------------------------------------------------------

export async function insertExport(db: Db, value: { id: string; userId: string; createdAt: string }): Promise<void> {
  await db.insertInto('account_export').values({ id: value.id, user_id: value.userId, state: 'building', file_key: null, size: null, created_at: value.createdAt, ready_at: null, expires_at: null }).execute();
}

export async function findExport(db: Db, id: string): Promise<Selectable<AccountExportTable> | null> {
  return (await db.selectFrom('account_export').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findBuildingExport(db: Db, userId: string): Promise<Selectable<AccountExportTable> | null> {
  return (await db.selectFrom('account_export').selectAll().where('user_id', '=', userId).where('state', '=', 'building').executeTakeFirst()) ?? null;
}

export async function listExports(db: Db, userId: string, limit: number): Promise<Selectable<AccountExportTable>[]> {
  return db.selectFrom('account_export').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function listExportIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('account_export').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => row.id);
}

export async function markExportReady(db: Db, id: string, values: { fileKey: string; size: number; readyAt: string; expiresAt: string }): Promise<number> {
  const result = await db
    .updateTable('account_export')
    .set({ state: 'ready', file_key: values.fileKey, size: values.size, ready_at: values.readyAt, expires_at: values.expiresAt })
    .where('id', '=', id)
    .where('state', '=', 'building')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markExportFailed(db: Db, id: string): Promise<void> {
  await db.updateTable('account_export').set({ state: 'failed' }).where('id', '=', id).where('state', '=', 'building').execute();
}

/** Ready exports whose time is up: their files are deleted, their records kept. */
export async function listExpiredExports(db: Db, now: string): Promise<{ id: string; file_key: string | null }[]> {
  return db.selectFrom('account_export').select(['id', 'file_key']).where('state', '=', 'ready').where('expires_at', '<=', now).execute();
}

export async function markExportExpired(db: Db, id: string): Promise<void> {
  await db.updateTable('account_export').set({ state: 'expired', file_key: null }).where('id', '=', id).execute();
}

/** Every export of a user with a file (an account being deleted). */
export async function listExportFilesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('account_export').select('file_key').where('user_id', '=', userId).where('file_key', 'is not', null).execute();
  return rows.flatMap((row) => (row.file_key ? [row.file_key] : []));
}

// ---- Imports -------------------------------------------------------------------------------------------------

export async function insertImport(db: Db, value: { id: string; userId: string; exportId: string; source: string; fileName: string; fileKey: string; createdAt: string }): Promise<void> {
  await db
    .insertInto('account_import')
    .values({
      id: value.id,
      user_id: value.userId,
      export_id: value.exportId,
      source: value.source,
      file_name: value.fileName,
      file_key: value.fileKey,
      state: 'queued',
      report: null,
      error: null,
      created_at: value.createdAt,
      finished_at: null,
    })
    .execute();
}

export async function findImport(db: Db, id: string): Promise<Selectable<AccountImportTable> | null> {
  return (await db.selectFrom('account_import').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function listImports(db: Db, userId: string, limit: number): Promise<Selectable<AccountImportTable>[]> {
  return db.selectFrom('account_import').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function setImportState(db: Db, id: string, state: AccountImportState, values: { report?: AccountImportReport; error?: string; finishedAt?: string } = {}): Promise<void> {
  await db
    .updateTable('account_import')
    .set({
      state,
      ...(values.report ? { report: JSON.stringify(values.report) } : {}),
      ...(values.error !== undefined ? { error: values.error } : {}),
      ...(values.finishedAt ? { finished_at: values.finishedAt, file_key: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function insertImportedCards(db: Db, rows: readonly { importId: string; exportId: string; sourceCardId: string; cardId: string; createdAt: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('account_import_card')
    .values(rows.map((row) => ({ import_id: row.importId, export_id: row.exportId, source_card_id: row.sourceCardId, card_id: row.cardId, created_at: row.createdAt })))
    .execute();
}

/** The cards the newest finished import of an archive made; null when no import of it has finished. */
export async function findMoves(db: Db, exportId: string): Promise<{ sourceCardId: string; cardId: string }[] | null> {
  const done = await db
    .selectFrom('account_import')
    .select('id')
    .where('export_id', '=', exportId)
    .where('state', '=', 'done')
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!done) return null;
  const rows = await db.selectFrom('account_import_card').select(['source_card_id', 'card_id']).where('import_id', '=', done.id).orderBy('source_card_id').execute();
  return rows.map((row) => ({ sourceCardId: row.source_card_id, cardId: row.card_id }));
}

/** An account being deleted: its imports' records; the uploads' files to delete after the commit. */
export async function deleteImportsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('account_import').select(['id', 'file_key']).where('user_id', '=', userId).execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    await db.deleteFrom('account_import_card').where('import_id', 'in', ids).execute();
    await db.deleteFrom('account_import').where('id', 'in', ids).execute();
  }
  return rows.flatMap((row) => (row.file_key ? [row.file_key] : []));
}

export async function deleteExportsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('account_export').where('user_id', '=', userId).execute();
}
