import { importJobResponse } from '@cardstack/shared/teams/schemas';
import { uploadWithProgress } from '../../../lib/api-client';

/** POST /api/teams/imports: uploads the file with progress; the import runs as a job (import-job). */
export async function startImport(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return (await uploadWithProgress('/api/teams/imports', importJobResponse, form, onProgress)).job;
}
