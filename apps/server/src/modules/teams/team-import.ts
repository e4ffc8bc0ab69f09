import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { csvByteOrderMark, csvRow } from '@cardstack/shared/contacts/csv';
import { importCardCreatedMessage, importColumns, validateImportRow } from '@cardstack/shared/teams/import-rows';
import type { ImportJob, ImportRowReport } from '@cardstack/shared/teams/schemas';
import type { AnyConnection } from '../../db/schema';
import { AppError, notFound, recordError } from '../../http/errors';
import type { JobRunner } from '../../jobs/jobs-module';
import { countTeamCardsByOwner, createCard } from '../cards/cards-module';
import { mayGrantRole, requirePermission, type TeamCaller } from './team-access';
import type { TeamsDeps } from './team-deps';
import { addMember, inviteProblem } from './team-members';
import * as repository from './team-repository';
import type { ImportJobRow } from './team-repository';
import type { ParsedRow } from './team-import-file';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { englishText } from '@cardstack/shared/i18n/keyed-text';

/*
 * Bulk import: the upload is parsed and checked for its header at once (a wrong file is answered in the
 * request), then its rows are stored with the import and worked through by a `teams.import` job, queued in
 * the same transaction. Progress and the per-row report live in the import's row, so any process can run the
 * job and any can report on it; a process that stops mid-way leaves the job to the engine, which runs it again,
 * and the new run goes on where the last saved batch stood. Only the run that holds the import saves progress.
 */

export const importMessages = {
  invited: 'Invited. Their card is made when they accept.',
  cardCreated: importCardCreatedMessage,
  cardAddedToInvitation: 'Card details added to the pending invitation.',
  unchanged: 'Already in the team: nothing changed.',
  duplicateRow: (row: number) => `The same email is already on row ${row}.`,
} as const;

/** Rows per transaction-and-progress step: small enough for a smooth progress bar, large enough to be cheap. */
const batchSize = 10;
export const teamImportJob = 'teams.import';

export function requireImportPermission(caller: TeamCaller): void {
  // An import adds people and makes their cards.
  requirePermission(caller, 'userManagement');
  requirePermission(caller, 'manageDigitalCards');
}

// ---- Files ----------------------------------------------------------------------------------------------

export function importTemplateCsv(): string {
  return csvByteOrderMark + csvRow(importColumns.map((column) => column.header)) + csvRow(importColumns.map((column) => column.example));
}

export async function importTemplateXlsx(): Promise<Buffer> {
  // Loaded when a template is asked for: exceljs costs ~25 MB of memory in every idle process otherwise.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Members');
  sheet.columns = importColumns.map((column) => ({ header: column.header, key: column.key, width: Math.max(14, column.example.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(importColumns.map((column) => [column.key, column.example])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---- Jobs ----------------------------------------------------------------------------------------------

function parseReport(text: string): ImportRowReport[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as ImportRowReport[]) : [];
  } catch {
    return [];
  }
}

export function toImportJob(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status === 'running' || row.status === 'done' || row.status === 'failed' ? row.status : 'queued',
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    createdCount: row.created_count,
    skippedCount: row.skipped_count,
    rejectedCount: row.rejected_count,
    rows: parseReport(row.report),
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export async function startImport(deps: TeamsDeps, caller: TeamCaller, upload: { body: Buffer; fileName: string }): Promise<ImportJob> {
  requireImportPermission(caller);
  // The file readers (papaparse, saxes for .xlsx) load with the first import: an idle server does not hold them.
  const { parseImportFile } = await import('./team-import-file');
  const rows = await parseImportFile(upload.body, upload.fileName);
  const adminRows = rows.filter((parsed) => {
    const checked = validateImportRow(parsed.record, englishText);
    return checked.ok && checked.value.role === 'admin';
  });
  if (adminRows.length > 0 && !mayGrantRole(caller, 'admin')) {
    // Refused as a whole, before anything is stored: half an import would be harder to sort out.
    const rows = adminRows.map((parsed) => parsed.row);
    const message = keyed('adminRowsNeedRoles', { count: rows.length, rows: `${rows.slice(0, 10).join(', ')}${rows.length > 10 ? ' …' : ''}` });
    throw new AppError(403, 'forbidden', message, { file: message });
  }
  const now = deps.now().toISOString();
  const job: ImportJobRow = {
    id: crypto.randomUUID(),
    team_owner_id: caller.teamOwnerId,
    created_by: caller.userId,
    file_name: upload.fileName.slice(0, 200),
    status: 'queued',
    records: JSON.stringify(rows),
    report: '[]',
    total_rows: rows.length,
    processed_rows: 0,
    created_count: 0,
    skipped_count: 0,
    rejected_count: 0,
    error: null,
    lease_until: null,
    held_by: null,
    created_at: now,
    updated_at: now,
    finished_at: null,
  };
  await deps.db.transaction().execute(async (trx: AnyConnection) => {
    await repository.insertImportJob(trx, job);
    await deps.jobs.enqueue(trx, teamImportJob, { importId: job.id }, { retryLimit: 3 });
  });
  return toImportJob(job);
}

export async function getImportJob(deps: TeamsDeps, caller: TeamCaller, jobId: string): Promise<ImportJob> {
  requireImportPermission(caller);
  const job = await repository.findImportJob(deps.db, caller.teamOwnerId, jobId);
  if (!job) throw notFound(keyed('importNotFound'));
  return toImportJob(job);
}

/** One row: rejected with a reason, skipped when it is already in, or created. */
async function importRow(
  deps: TeamsDeps,
  caller: TeamCaller,
  parsed: ParsedRow,
  firstRowOfEmail: Map<string, number>,
): Promise<ImportRowReport> {
  const email = (parsed.record.email ?? '').trim().toLowerCase();
  const report = (outcome: ImportRowReport['outcome'], message: string): ImportRowReport => ({ row: parsed.row, email, outcome, message });
  const checked = validateImportRow(parsed.record, englishText);
  if (!checked.ok) return report('rejected', checked.reason);
  const value = checked.value;
  const earlier = firstRowOfEmail.get(value.email);
  if (earlier !== undefined) return report('rejected', importMessages.duplicateRow(earlier));
  firstRowOfEmail.set(value.email, parsed.row);
  const pendingCard = JSON.stringify({ name: value.name, email: value.email, ...value.card });
  const now = deps.now().toISOString();

  const existing = await repository.findMemberByEmail(deps.db, caller.teamOwnerId, value.email);
  if (existing) {
    if (existing.is_accepted === 1 && existing.user_id) {
      const cardCount = (await countTeamCardsByOwner(deps.db, caller.teamOwnerId)).get(existing.user_id) ?? 0;
      if (cardCount > 0) return report('skipped', importMessages.unchanged);
      const access = await deps.cardAllowance.ofTeam(caller.teamOwnerId);
      if (!access.canCreateCard && access.maxActiveCards !== null) return report('rejected', englishText(keyed('teamCardsFull', { allowance: access.maxActiveCards })));
      await createCard(deps.cards, { userId: caller.userId }, { name: value.name, email: value.email, ...value.card }, {
        ownerId: existing.user_id,
        teamOwnerId: caller.teamOwnerId,
      });
      return report('created', importMessages.cardCreated);
    }
    if (existing.pending_card) return report('skipped', importMessages.unchanged);
    await repository.setPendingCard(deps.db, existing.id, pendingCard, now);
    return report('created', importMessages.cardAddedToInvitation);
  }

  const problem = await inviteProblem(deps, caller, value.email);
  if (problem) return report('rejected', englishText(problem.message));
  try {
    await deps.db.transaction().execute((trx) => addMember(deps, caller, { email: value.email, name: value.name, role: value.role, pendingCard }, trx));
  } catch (error) {
    // Invited by someone else in the meantime: the unique index refused the second row.
    if (await repository.findMemberByEmail(deps.db, caller.teamOwnerId, value.email)) return report('skipped', importMessages.unchanged);
    throw error;
  }
  return report('created', importMessages.invited);
}

async function callerOfJob(deps: TeamsDeps, job: ImportJobRow): Promise<TeamCaller> {
  const by = (job.created_by ? await repository.findUser(deps.db, job.created_by) : undefined) ?? (await repository.findUser(deps.db, job.team_owner_id));
  if (!by) throw new AppError(410, 'gone', keyed('teamNoLongerExists'));
  return {
    userId: by.id,
    name: by.name,
    email: by.email,
    teamOwnerId: job.team_owner_id,
    role: by.id === job.team_owner_id ? 'owner' : 'admin',
    permissions: [],
    isOrganizationUser: by.id !== job.team_owner_id,
  };
}

class ImportTakenOver extends Error {}

/** Works a claimed import from where it stands to its end, saving progress after every batch. */
async function runImport(deps: TeamsDeps, importId: string, heldBy: string): Promise<void> {
  const job = await repository.findImportJobById(deps.db, importId);
  if (!job) return;
  const rows = JSON.parse(job.records) as ParsedRow[];
  const report = parseReport(job.report);
  const counts = { created: job.created_count, skipped: job.skipped_count, rejected: job.rejected_count };
  const caller = await callerOfJob(deps, job);
  // Rows already done count for the duplicate check of the rest.
  const firstRowOfEmail = new Map<string, number>();
  for (const done of report) {
    if (done.outcome !== 'rejected' && !firstRowOfEmail.has(done.email)) firstRowOfEmail.set(done.email, done.row);
  }
  for (let index = job.processed_rows; index < rows.length; ) {
    const end = Math.min(index + batchSize, rows.length);
    for (; index < end; index += 1) {
      const outcome = await importRow(deps, caller, rows[index]!, firstRowOfEmail);
      report.push(outcome);
      counts[outcome.outcome] += 1;
    }
    const saved = await repository.saveImportProgress(deps.db, job.id, heldBy, {
      processed_rows: index,
      created_count: counts.created,
      skipped_count: counts.skipped,
      rejected_count: counts.rejected,
      report: JSON.stringify(report),
      updated_at: deps.now().toISOString(),
    });
    if (!saved) throw new ImportTakenOver();
    // Let requests in between batches: the import shares the process with the API.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await repository.finishImportJob(deps.db, job.id, heldBy, 'done', null, deps.now().toISOString());
}

/**
 * The `teams.import` job. Idempotent: a finished import is left alone, and rows run again after a crash find
 * their member already invited (skipped). An error on our side ends the import as failed with a message the
 * team sees; it is not retried row by row.
 */
export async function runImportJob(deps: TeamsDeps, logger: Logger, payload: { importId: string }, run: { jobId: string; attempt: number }): Promise<void> {
  const heldBy = `${run.jobId}:${run.attempt}`;
  if (!(await repository.claimImportJob(deps.db, payload.importId, heldBy, deps.now().toISOString()))) return;
  try {
    await runImport(deps, payload.importId, heldBy);
  } catch (error) {
    if (error instanceof ImportTakenOver) return;
    const reason = error instanceof Error ? error.message : String(error);
    logger.error({ err: error, importId: payload.importId }, 'team import failed');
    await recordError(deps.db, `Team import ${payload.importId} failed: ${reason}`);
    await repository.finishImportJob(
      deps.db,
      payload.importId,
      heldBy,
      'failed',
      'The import stopped because of an error on our side. Upload the file again: rows already imported are skipped.',
      deps.now().toISOString(),
    );
  }
}

export function registerTeamJobs(runner: JobRunner, deps: TeamsDeps & { logger: Logger }): void {
  const { logger, ...teams } = deps;
  runner.register<{ importId: string }>(teamImportJob, (payload, run) => runImportJob(teams, logger, payload, run));
}
