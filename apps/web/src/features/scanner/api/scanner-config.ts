import { queryOptions, useQuery } from '@tanstack/react-query';
import { scannerConfigResponse } from '@cardstack/shared/scanner/schemas';
import { api } from '../../../lib/api-client';

/** GET /api/scanner/config: the OCR languages and whether AI improvement is on. */
export function getScannerConfig() {
  return api.get('/api/scanner/config', scannerConfigResponse);
}

export const scannerConfigQuery = () => queryOptions({ queryKey: ['scanner', 'config'], queryFn: getScannerConfig, staleTime: 5 * 60_000 });

export const useScannerConfig = () => useQuery(scannerConfigQuery());
