import { improveScanResponse, type ImproveScanInput } from '@cardstack/shared/scanner/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/scanner/improve: the read text sorted into fields by the configured AI service. */
export async function improveWithAi(input: ImproveScanInput) {
  return (await api.post('/api/scanner/improve', improveScanResponse, input)).fields;
}
