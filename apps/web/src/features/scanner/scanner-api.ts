import { useQuery } from '@tanstack/react-query';
import type {
  DuplicateCheckInput,
  DuplicateCheckResponse,
  ImproveScanInput,
  ImproveScanResponse,
  SavedScanResponse,
  ScannedContactInput,
  ScannedFields,
  ScannerConfig,
} from '@cardstack/shared/scanner/schemas';
import { api } from '../../lib/api-client';

/* The /api/scanner calls of the scanner screen; the shapes come from the shared schemas the server checks. */

export function useScannerConfig() {
  return useQuery({
    queryKey: ['scanner', 'config'],
    queryFn: () => api.get<ScannerConfig>('/api/scanner/config'),
    staleTime: 5 * 60_000,
  });
}

export async function findDuplicates(input: DuplicateCheckInput) {
  return (await api.post<DuplicateCheckResponse>('/api/scanner/duplicates', input)).duplicates;
}

/** The reviewed fields as JSON and the card's photo as a file, in one request: saved together or not at all. */
export function saveScannedCard(values: ScannedContactInput, photo: Blob | null) {
  const form = new FormData();
  form.append('fields', JSON.stringify(values));
  if (photo) form.append('image', photo, 'card.jpg');
  return api.post<SavedScanResponse>('/api/scanner/contacts', form);
}

export async function improveWithAi(input: ImproveScanInput): Promise<ScannedFields> {
  return (await api.post<ImproveScanResponse>('/api/scanner/improve', input)).fields;
}
