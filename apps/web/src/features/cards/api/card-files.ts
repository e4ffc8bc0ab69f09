import { cardResponse } from '@cardstack/shared/cards/schemas';
import { api, uploadWithProgress } from '../../../lib/api-client';
import { cardUrl } from './card-keys';

/* POST /api/cards/{id}/files and DELETE /api/cards/{id}/files/{fileId}: a card's downloadable files. */

export async function uploadCardFile(cardId: string, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return (await uploadWithProgress(cardUrl(cardId, '/files'), cardResponse, form, onProgress)).card;
}

export async function removeCardFile(cardId: string, fileId: string) {
  return (await api.delete(cardUrl(cardId, `/files/${encodeURIComponent(fileId)}`), cardResponse)).card;
}
