import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  contactImportStatus,
  type ContactImportStatus,
  type ImportTarget,
  type MapContactImportInput,
  type StartContactImportInput,
} from '@cardstack/shared/contacts/import';
import { okResponse } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';

/* /api/contacts/import: upload a file, follow its check and its import, map a CSV's columns, start, undo, drop. */

const importUrl = (id: string, rest = '') => `/api/contacts/import/${encodeURIComponent(id)}${rest}`;

/** POST /api/contacts/import (multipart: `file`, `target`): 202 with the import's id; its check runs meanwhile. */
export function uploadContactImport(file: File, target: ImportTarget): Promise<{ id: string }> {
  const form = new FormData();
  form.set('target', target);
  form.set('file', file);
  return api.post('/api/contacts/import', z.object({ id: z.string() }), form);
}

export const getContactImport = (id: string) => api.get(importUrl(id), contactImportStatus);
export const mapContactImport = (id: string, input: MapContactImportInput) => api.put(importUrl(id, '/mapping'), contactImportStatus, input);
export const startContactImport = (id: string, input: StartContactImportInput) => api.post(importUrl(id, '/start'), contactImportStatus, input);
export const undoContactImport = (id: string) => api.post(importUrl(id, '/undo'), contactImportStatus);
export const cancelContactImport = (id: string) => api.delete(importUrl(id), okResponse);

/** While the file is checked or imported, the state is asked for again every second (the progress bar follows it). */
const isWorking = (status: ContactImportStatus | undefined) => status?.state === 'checking' || status?.state === 'importing';

export const contactImportQuery = (id: string) =>
  queryOptions({
    queryKey: ['contacts', 'import', id] as const,
    queryFn: () => getContactImport(id),
    refetchInterval: (query) => (isWorking(query.state.data) ? 1000 : false),
  });

export const useContactImport = (id: string | null) => useQuery({ ...contactImportQuery(id ?? ''), enabled: id !== null });
