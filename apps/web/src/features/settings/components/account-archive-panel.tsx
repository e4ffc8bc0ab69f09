import { accountExportDownloadPath, type AccountExportSummary, type AccountImportSummary } from '@cardstack/shared/account/account-archive';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { useFileUpload } from '../../../components/ui/use-file-upload';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { refreshAccountImports, uploadAccountArchive, useAccountExports, useAccountImports, useRequestAccountExport } from '../api/account-archive';
import { settingsMessages } from '../messages';

/** "Download my data": asks for an archive, then shows it building, ready (with its link) or expired. */
export function AccountExportPanel() {
  const t = useMessages(settingsMessages);
  const format = useFormat();
  const exports = useAccountExports();
  const request = useRequestAccountExport();
  const latest: AccountExportSummary | undefined = exports.data?.exports[0];
  return (
    <div className="flex flex-col gap-3">
      <Button className="self-start" isLoading={request.isPending || latest?.state === 'building'} onClick={() => request.mutate(undefined)}>
        {t('exportButton')}
      </Button>
      {latest ? (
        <p className="text-sm text-zinc-700" role="status">
          {latest.state === 'building' ? t('exportBuilding') : null}
          {latest.state === 'ready' && latest.expiresAt ? (
            <>
              {t('exportReady', { date: format.dateTime(latest.expiresAt) })}{' '}
              <a className="font-medium text-brand-700 underline" href={accountExportDownloadPath(latest.id)} download>
                {t('exportDownload')}
              </a>
            </>
          ) : null}
          {latest.state === 'expired' ? t('exportExpired') : null}
          {latest.state === 'failed' ? t('exportFailed') : null}
        </p>
      ) : null}
    </div>
  );
}

function ImportReport({ entry }: { entry: AccountImportSummary }) {
  const t = useMessages(settingsMessages);
  const { report } = entry;
  if (entry.state === 'queued' || entry.state === 'running') return <p className="text-sm text-zinc-700">{t('importRunning')}</p>;
  if (entry.state === 'failed' || !report) return <p className="text-sm text-red-700">{t('importFailed')}</p>;
  return (
    <div className="flex flex-col gap-1 text-sm text-zinc-700">
      <p className="font-medium">{t('importDone', { source: entry.source })}</p>
      <ul className="list-disc ps-5">
        <li>{t('importCards', { count: report.cards })}</li>
        <li>{t('importFiles', { count: report.files })}</li>
        <li>{t('importContacts', { count: report.contacts })}</li>
        <li>{t('importLeads', { count: report.leads })}</li>
        {report.renamed.map((renamed) => (
          <li key={renamed.cardId}>{t('importRenamed', { from: renamed.from, to: renamed.to })}</li>
        ))}
        {report.refusedCards.map((refused) => (
          <li key={refused.sourceCardId}>{t(refused.reason === 'card-limit' ? 'importRefusedLimit' : 'importRefusedInvalid', { name: refused.name })}</li>
        ))}
        {report.refusedFiles.map((refused) => (
          <li key={`${refused.sourceCardId}/${refused.path}`}>{t('importRefusedFile', { path: refused.path })}</li>
        ))}
        {report.integrations.length > 0 ? <li>{t('importIntegrations', { names: report.integrations.join(', ') })}</li> : null}
      </ul>
    </div>
  );
}

/** "Import from another server": uploads an archive, then shows the import's progress and report. */
export function AccountImportPanel() {
  const t = useMessages(settingsMessages);
  const queryClient = useQueryClient();
  const imports = useAccountImports();
  const upload = useFileUpload({
    send: async (file, onProgress) => {
      await uploadAccountArchive(file, onProgress);
      await refreshAccountImports(queryClient);
    },
  });
  const { progress, error } = upload;
  const latest = imports.data?.imports[0];
  return (
    <div className="flex flex-col gap-3">
      <label className="text-sm font-medium" htmlFor="account-archive-upload">
        {t('importFileLabel')}
      </label>
      <input
        ref={upload.inputRef}
        id="account-archive-upload"
        type="file"
        accept=".zip,application/zip"
        disabled={progress !== null}
        aria-describedby={error ? 'account-archive-error' : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload.start(file);
        }}
        className="text-sm"
      />
      {progress !== null ? <progress aria-label={t('uploadProgress')} max={1} value={progress} className="w-48" /> : null}
      {error ? (
        <p id="account-archive-error" className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      {latest ? (
        <div role="status">
          <ImportReport entry={latest} />
        </div>
      ) : null}
    </div>
  );
}
