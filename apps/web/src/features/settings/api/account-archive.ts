import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { accountExportCreated, accountExportsResponse, accountImportCreated, accountImportsResponse } from '@cardstack/shared/account/account-archive';
import { api, uploadWithProgress } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';
import { accountExportsQueryKey, accountImportsQueryKey } from './account-keys';

/*
 * "Download my data" (POST /api/account/export, the list at GET /api/account/exports) and "Import from another
 * server" (POST /api/account/import with the archive, the list at GET /api/account/imports). Both lists are asked
 * again every few seconds while something is being built or imported.
 */

const whileBusy = 3000;

export const accountExportsQuery = () =>
  queryOptions({
    queryKey: accountExportsQueryKey,
    queryFn: () => api.get('/api/account/exports', accountExportsResponse),
    refetchInterval: (query) => (query.state.data?.exports.some((entry) => entry.state === 'building') ? whileBusy : false),
  });

export const useAccountExports = () => useQuery(accountExportsQuery());

export function requestAccountExport() {
  return api.post('/api/account/export', accountExportCreated);
}

export const useRequestAccountExport = (ui?: MutationUi) =>
  useEndpointMutation(() => requestAccountExport(), (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: accountExportsQueryKey }), ui);

export const accountImportsQuery = () =>
  queryOptions({
    queryKey: accountImportsQueryKey,
    queryFn: () => api.get('/api/account/imports', accountImportsResponse),
    refetchInterval: (query) => (query.state.data?.imports.some((entry) => entry.state === 'queued' || entry.state === 'running') ? whileBusy : false),
  });

export const useAccountImports = () => useQuery(accountImportsQuery());

export function uploadAccountArchive(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress('/api/account/import', accountImportCreated, form, onProgress);
}

export const refreshAccountImports = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: accountImportsQueryKey });
