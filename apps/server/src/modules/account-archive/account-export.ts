import crypto from 'node:crypto';
import { accountArchiveFormat, accountExportRetentionDays, type AccountArchiveManifest, type AccountExportSummary } from '@cardstack/shared/account/account-archive';
import { keyed } from '@cardstack/shared/i18n/keyed';
import type { AnyConnection } from '../../db/schema';
import { notFound, recordError } from '../../http/errors';
import type { AccountArchiveWriter } from '../module-contract';
import { exportFolder, exportJob, partsOf, type AccountArchiveDeps } from './account-archive-deps';
import * as repository from './account-archive-repository';
import { writeZip, type ArchiveEntry } from './archive-zip';
import { readmeOf } from './archive-readme';

/*
 * "Download my data": a request queues one job that asks every module for its part, writes one ZIP with a manifest
 * and a README, stores it, and mails its owner. The archive is deleted 7 days after it was built; the export's
 * record stays (a moved account's old server names its exports by these ids).
 */

const dayMs = 86_400_000;
/** Attempts at building before the export is marked failed. */
const exportAttempts = 3;

/** 128 random bits, base64url: the export's id and the archive's `exportId`. */
export const newExportId = () => crypto.randomBytes(16).toString('base64url');

/** Queues a build; an export still building is answered instead of a second one. */
export async function requestExport(deps: AccountArchiveDeps, caller: { userId: string }): Promise<string> {
  return deps.db.transaction().execute(async (trx: AnyConnection) => {
    const building = await repository.findBuildingExport(trx, caller.userId);
    if (building) return building.id;
    const id = newExportId();
    await repository.insertExport(trx, { id, userId: caller.userId, createdAt: deps.now().toISOString() });
    await deps.jobs.enqueue(trx, exportJob, { exportId: id }, { singletonKey: id, retryLimit: exportAttempts - 1 });
    return id;
  });
}

export async function listExports(deps: AccountArchiveDeps, userId: string): Promise<AccountExportSummary[]> {
  const rows = await repository.listExports(deps.db, userId, 20);
  const now = deps.now().toISOString();
  // An archive past its time is expired for its owner even before the hourly clean-up deletes it.
  return rows.map((row) => ({ ...repository.toExportSummary(row), ...(row.state === 'ready' && row.expires_at && row.expires_at <= now ? { state: 'expired' as const } : {}) }));
}

/** The job: builds the archive once (a build already done is not repeated) and mails its owner. */
export async function buildExport(deps: AccountArchiveDeps, payload: { exportId: string }, attempt: number): Promise<void> {
  const row = await repository.findExport(deps.db, payload.exportId);
  if (!row || row.state !== 'building') return;
  try {
    const builtAt = deps.now();
    const entries: ArchiveEntry[] = [];
    const writer: AccountArchiveWriter = {
      cardIds: [],
      json: (path, value) => entries.push({ path, body: Buffer.from(`${JSON.stringify(value, null, 2)}\n`) }),
      file: (path, body) => entries.push({ path, body }),
    };
    const parts = partsOf(deps.modules);
    for (const { part } of parts) await part.exportPart(row.user_id, writer);
    const manifest: AccountArchiveManifest = { format: accountArchiveFormat, source: deps.baseUrl, builtAt: builtAt.toISOString(), exportId: row.id };
    const zip = await writeZip(
      [
        { path: 'manifest.json', body: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
        { path: 'README.md', body: Buffer.from(readmeOf(manifest, parts.flatMap(({ part }) => part.files))) },
        ...entries,
      ],
      builtAt,
    );
    const fileKey = `${exportFolder}/${row.id}.zip`;
    await deps.storage.put(fileKey, zip, 'application/zip');
    const expiresAt = new Date(builtAt.getTime() + accountExportRetentionDays * dayMs).toISOString();
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      const updated = await repository.markExportReady(trx, row.id, { fileKey, size: zip.length, readyAt: builtAt.toISOString(), expiresAt });
      const email = await repository.findEmailOf(trx, row.user_id);
      if (updated === 1 && email) await deps.outbox.enqueue(trx, { to: email, template: 'account-export-ready', data: { expiresAt } });
    });
  } catch (error) {
    if (attempt >= exportAttempts) {
      await repository.markExportFailed(deps.db, row.id);
      await recordError(deps.db, `Building account export ${row.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    throw error;
  }
}

/** The archive, to its owner only; 404 for anyone else and once it is deleted. */
export async function openExport(deps: AccountArchiveDeps, userId: string, id: string) {
  const row = await repository.findExport(deps.db, id);
  const now = deps.now().toISOString();
  if (!row || row.user_id !== userId || row.state !== 'ready' || !row.file_key || (row.expires_at && row.expires_at <= now)) throw notFound(keyed('accountExportNotFound'));
  const file = await deps.storage.get(row.file_key);
  if (!file) throw notFound(keyed('accountExportNotFound'));
  return { key: row.file_key, file, builtAt: row.ready_at ?? row.created_at };
}

/** The clean-up: deletes the archives past their 7 days and marks their exports expired. */
export async function expireExports(deps: Pick<AccountArchiveDeps, 'db' | 'storage'>, now: Date): Promise<number> {
  const expired = await repository.listExpiredExports(deps.db, now.toISOString());
  for (const row of expired) {
    if (row.file_key) await deps.storage.delete(row.file_key);
    await repository.markExportExpired(deps.db, row.id);
  }
  return expired.length;
}
