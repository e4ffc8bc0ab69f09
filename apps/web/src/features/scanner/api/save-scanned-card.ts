import { savedScanResponse, type ScannedContactInput } from '@cardstack/shared/scanner/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/scanner/contacts: the reviewed fields as JSON and the card's photo as a file, saved together or not at all. */
export function saveScannedCard(values: ScannedContactInput, photo: Blob | null) {
  const form = new FormData();
  form.append('fields', JSON.stringify(values));
  if (photo) form.append('image', photo, 'card.jpg');
  return api.post('/api/scanner/contacts', savedScanResponse, form);
}
