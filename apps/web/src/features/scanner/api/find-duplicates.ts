import { duplicateCheckResponse, type DuplicateCheckInput } from '@cardstack/shared/scanner/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/scanner/duplicates: contacts that share an email or phone with the card being reviewed. */
export async function findDuplicates(input: DuplicateCheckInput) {
  return (await api.post('/api/scanner/duplicates', duplicateCheckResponse, input)).duplicates;
}
