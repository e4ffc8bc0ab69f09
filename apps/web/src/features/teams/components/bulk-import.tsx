import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { maxImportFileBytes, maxImportRows } from '@cardstack/shared/teams/import-rows';
import type { ImportJob, ImportOutcome } from '@cardstack/shared/teams/schemas';
import { Button } from '../../../components/ui/button';
import { FileInput } from '../../../components/ui/file-input';
import { ApiError } from '../../../lib/api-client';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useImportJob } from '../api/import-job';
import { startImport } from '../api/start-import';
import { teamCardsQueryKey, teamMembersQueryKey } from '../api/team-keys';
import { importTemplateUrls } from '../api/team-links';
import { teamMessages, type TeamMessageId } from '../messages';
import { importCreatedToast, importOutcomeIds, importSummary } from '../team-texts';

const outcomeStyles: Record<ImportOutcome, string> = {
  created: 'bg-green-50 text-green-800 ring-green-200',
  skipped: 'bg-zinc-100 text-zinc-800 ring-zinc-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
};

/** Members and their cards from an Excel or CSV file: a background job with a progress bar and a per-row report. */

/** The import report's columns: one row per spreadsheet row. */
const reportColumns = ['reportRow', 'reportEmail', 'reportResult', 'reportDetails'] as const satisfies readonly TeamMessageId[];
export function BulkImport() {
  const queryClient = useQueryClient();
  const t = useMessages(teamMessages);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useImportJob(jobId);
  const current = job.data;
  const isRunning = uploadProgress !== null || (current !== undefined && (current.status === 'queued' || current.status === 'running'));

  const toastedJobId = useRef<string | null>(null);
  useEffect(() => {
    if (current?.status === 'done') {
      void queryClient.invalidateQueries({ queryKey: teamMembersQueryKey });
      void queryClient.invalidateQueries({ queryKey: teamCardsQueryKey });
      const toast = importCreatedToast(t, current);
      if (toast && toastedJobId.current !== current.id) notify.success(toast);
      toastedJobId.current = current.id;
    }
  }, [current, queryClient, t]);

  async function upload() {
    setError(undefined);
    if (!file) {
      setError(t('fileWrongType'));
      return;
    }
    if (!/\.(xlsx|csv)$/i.test(file.name)) {
      setError(t('fileWrongType'));
      return;
    }
    if (file.size > maxImportFileBytes) {
      setError(t('fileTooLarge'));
      return;
    }
    setUploadProgress(0);
    try {
      const started = await startImport(file, setUploadProgress);
      queryClient.setQueryData(['teams', 'imports', started.id], started);
      setJobId(started.id);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('uploadFailed'));
    } finally {
      setUploadProgress(null);
    }
  }

  return (
    <section aria-labelledby="import-title" className="rounded-2xl bg-white p-6 ring-1 ring-zinc-200">
      <h2 id="import-title" className="text-lg font-semibold">
        {t('importTitle')}
      </h2>
      <p className="mt-1 text-sm text-zinc-700">{t('importDescription', { maxRows: maxImportRows })}</p>
      <p className="mt-2 flex flex-wrap gap-4 text-sm">
        <a className="font-semibold text-brand-700 underline" href={importTemplateUrls.xlsx} download>
          {t('downloadExcelTemplate')}
        </a>
        <a className="font-semibold text-brand-700 underline" href={importTemplateUrls.csv} download>
          {t('downloadCsvTemplate')}
        </a>
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <FileInput
            ref={inputRef}
            id={inputId}
            label={t('fileToImport')}
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            disabled={isRunning}
            onChange={(event) => {
              setError(undefined);
              setFile(event.target.files?.[0] ?? null);
            }}
          />
        </div>
        <Button onClick={() => void upload()} isLoading={uploadProgress !== null} disabled={isRunning}>
          {t('importButton')}
        </Button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}

      {current ? <ImportProgress job={current} /> : null}
    </section>
  );
}

function ImportProgress({ job }: { job: ImportJob }) {
  const t = useMessages(teamMessages);
  const isFinished = job.status === 'done' || job.status === 'failed';
  const rows = t('rowsProcessed', { processed: job.processedRows, total: job.totalRows });
  const percent = job.totalRows === 0 ? 100 : Math.round((job.processedRows / job.totalRows) * 100);
  return (
    <div className="mt-6">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{isFinished ? t('importFinished', { fileName: job.fileName }) : t('importing', { fileName: job.fileName })}</span>
        <span aria-hidden="true">{rows}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('importProgress')}
        aria-valuemin={0}
        aria-valuemax={job.totalRows}
        aria-valuenow={job.processedRows}
        aria-valuetext={rows}
        className="mt-2 h-3 overflow-hidden rounded-full bg-zinc-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {job.status === 'failed' ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {job.error}
        </p>
      ) : null}
      {isFinished ? (
        <>
          <p role="status" className="mt-3 font-semibold">
            {importSummary(t, job)}
          </p>
          <div className="mt-3 max-h-96 overflow-auto rounded-xl ring-1 ring-zinc-200">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{t('importReport')}</caption>
              <thead className="sticky top-0 bg-zinc-50 text-xs tracking-wide text-zinc-700 uppercase">
                <tr>
                  {reportColumns.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2">
                      {t(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...job.rows]
                  // Rejected rows first: they are what needs fixing.
                  .sort((a, b) => Number(b.outcome === 'rejected') - Number(a.outcome === 'rejected') || a.row - b.row)
                  .map((row) => (
                    <tr key={row.row} className="border-t border-zinc-100">
                      <td className="px-3 py-2">{row.row}</td>
                      <td className="px-3 py-2 break-all">{row.email || '—'}</td>
                      <td className="px-3 py-2">
                        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${outcomeStyles[row.outcome]}`}>{t(importOutcomeIds[row.outcome])}</span>
                      </td>
                      <td className="px-3 py-2">{row.message}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}
