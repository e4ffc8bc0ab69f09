import crypto from 'node:crypto';
import {
  accountArchiveLimits,
  accountArchiveManifest,
  emptyAccountImportReport,
  type AccountImportSummary,
  type ArchiveRefusal,
} from '@cardstack/shared/account/account-archive';
import type { AccountMovesResponse } from '@cardstack/shared/account/account-moves';
import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';
import type { AnyConnection } from '../../db/schema';
import { badRequest, notFound, recordError } from '../../http/errors';
import type { AccountArchiveReader, AccountImportContext } from '../module-contract';
import { importFolder, importJob, partsOf, type AccountArchiveDeps } from './account-archive-deps';
import * as repository from './account-archive-repository';
import { readZip } from './archive-zip';

/*
 * "Import from another server": the upload is checked whole before anything is written (the ZIP's limits, its
 * manifest, every module's part), then stored and worked by a job in one transaction: a failure leaves no row, and
 * the files written so far are removed. The job's report says what was made, renamed and left out.
 */

const importAttempts = 3;

function refusalMessage(refusal: ArchiveRefusal | { kind: 'unreadable' }): KeyedMessage {
  switch (refusal.kind) {
    case 'unreadable':
      return keyed('accountArchiveUnreadable');
    case 'too-many-entries':
      return keyed('accountArchiveTooManyEntries', { max: accountArchiveLimits.maxEntries });
    case 'too-large-uncompressed':
      return keyed('accountArchiveTooLargeUnpacked', { max: Math.round(accountArchiveLimits.maxTotalUncompressedBytes / 1024 / 1024) });
    case 'compression-ratio':
      return keyed('accountArchiveCompressionRatio', { name: refusal.name.slice(0, 200) });
    case 'unsafe-path':
    case 'duplicate-path':
      return keyed('accountArchiveUnsafePath', { name: refusal.name.slice(0, 200) });
  }
}

/** The archive's files behind the parts' reader; a JSON file that does not parse refuses the archive. */
function readerOf(files: Map<string, Buffer>): AccountArchiveReader {
  const parsed = new Map<string, unknown>();
  return {
    json(path) {
      if (parsed.has(path)) return parsed.get(path);
      const body = files.get(path);
      if (!body) return undefined;
      try {
        const value: unknown = JSON.parse(body.toString('utf8'));
        parsed.set(path, value);
        return value;
      } catch {
        throw badRequest(keyed('accountArchiveBrokenFile', { name: path }));
      }
    },
    file: (path) => files.get(path),
  };
}

/** Reads and checks an archive: its limits, its manifest, every part. Throws 400 with what is wrong. */
async function checkArchive(deps: AccountArchiveDeps, body: Buffer) {
  const read = await readZip(body, accountArchiveLimits);
  if (!read.ok) throw badRequest(refusalMessage(read.refusal), { file: refusalMessage(read.refusal) });
  const reader = readerOf(read.files);
  const manifest = accountArchiveManifest.safeParse(reader.json('manifest.json'));
  if (!manifest.success) throw badRequest(keyed('accountArchiveNotAnExport'), { file: keyed('accountArchiveNotAnExport') });
  for (const { part } of partsOf(deps.modules)) part.checkPart?.(reader);
  return { reader, manifest: manifest.data };
}

/** An uploaded archive checked and queued; nothing is written when it is refused. */
export async function startImport(deps: AccountArchiveDeps, userId: string, upload: { fileName: string; body: Buffer }): Promise<AccountImportSummary> {
  const { manifest } = await checkArchive(deps, upload.body);
  const id = crypto.randomUUID();
  const fileKey = `${importFolder}/${id}.zip`;
  await deps.storage.put(fileKey, upload.body, 'application/zip');
  try {
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      await repository.insertImport(trx, {
        id,
        userId,
        exportId: manifest.exportId,
        source: manifest.source,
        fileName: upload.fileName.slice(0, 200) || 'archive.zip',
        fileKey,
        createdAt: deps.now().toISOString(),
      });
      await deps.jobs.enqueue(trx, importJob, { importId: id }, { singletonKey: id, retryLimit: importAttempts - 1 });
    });
  } catch (error) {
    await deps.storage.delete(fileKey).catch(() => undefined);
    throw error;
  }
  return repository.toImportSummary((await repository.findImport(deps.db, id))!);
}

export async function listImports(deps: AccountArchiveDeps, userId: string): Promise<AccountImportSummary[]> {
  return (await repository.listImports(deps.db, userId, 20)).map(repository.toImportSummary);
}

export async function getImport(deps: AccountArchiveDeps, userId: string, id: string): Promise<AccountImportSummary> {
  const row = await repository.findImport(deps.db, id);
  if (!row || row.user_id !== userId) throw notFound(keyed('accountImportNotFound'));
  return repository.toImportSummary(row);
}

async function readStored(deps: AccountArchiveDeps, key: string): Promise<Buffer | null> {
  const stored = await deps.storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The job: makes everything of the archive in one transaction, or nothing. */
export async function runImport(deps: AccountArchiveDeps, payload: { importId: string }, attempt: number): Promise<void> {
  const row = await repository.findImport(deps.db, payload.importId);
  if (!row || row.state === 'done' || row.state === 'failed') return;
  const fail = async (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    await repository.setImportState(deps.db, row.id, 'failed', { error: message.slice(0, 2000), finishedAt: deps.now().toISOString() });
    if (row.file_key) await deps.storage.delete(row.file_key).catch(() => undefined);
    await recordError(deps.db, `Account import ${row.id} failed: ${message}`);
  };
  const body = row.file_key ? await readStored(deps, row.file_key) : null;
  if (!body) return fail(new Error('the uploaded archive is gone'));
  await repository.setImportState(deps.db, row.id, 'running');
  const context: AccountImportContext = { userId: row.user_id, cardIds: new Map(), writtenFiles: [], report: emptyAccountImportReport() };
  const parts = partsOf(deps.modules);
  try {
    const { reader } = await checkArchive(deps, body);
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      for (const { part } of parts) await part.importPart?.(trx, reader, context);
      const createdAt = deps.now().toISOString();
      await repository.insertImportedCards(
        trx,
        [...context.cardIds].map(([sourceCardId, cardId]) => ({ importId: row.id, exportId: row.export_id, sourceCardId, cardId, createdAt })),
      );
      await repository.setImportState(trx, row.id, 'done', { report: context.report, finishedAt: createdAt });
    });
  } catch (error) {
    for (const key of context.writtenFiles) await deps.storage.delete(key).catch(() => undefined);
    if (attempt >= importAttempts) return fail(error);
    await repository.setImportState(deps.db, row.id, 'queued');
    throw error;
  }
  if (row.file_key) await deps.storage.delete(row.file_key).catch(() => undefined);
  for (const { part } of parts) part.afterImport?.(context);
}

/** `GET /api/account/moves/{exportId}`: where each card of an imported archive is now; 404 until an import finished. */
export async function movesOf(deps: AccountArchiveDeps, exportId: string): Promise<AccountMovesResponse> {
  const moves = await repository.findMoves(deps.db, exportId);
  if (!moves) throw notFound(keyed('accountMovesNotFound'));
  const cards: AccountMovesResponse['cards'] = [];
  for (const move of moves) {
    if (await deps.cardExists(move.cardId)) cards.push({ from: move.sourceCardId, to: deps.publicCardUrl(move.cardId) });
  }
  return { cards };
}
