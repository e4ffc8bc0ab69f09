import { cardResponse } from '@cardstack/shared/cards/schemas';
import type { ImageSlot } from '@cardstack/shared/cards/images';
import { api, uploadWithProgress } from '../../../lib/api-client';
import { cardUrl } from './card-keys';

/*
 * POST and DELETE /api/cards/{id}/images/{slot}: one endpoint, its two methods. The editor's image setting keeps
 * its own upload state (components/ui/use-file-upload), so there is no hook here.
 */

export async function uploadCardImage(cardId: string, slot: ImageSlot, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return (await uploadWithProgress(cardUrl(cardId, `/images/${slot}`), cardResponse, form, onProgress)).card;
}

export async function removeCardImage(cardId: string, slot: ImageSlot) {
  return (await api.delete(cardUrl(cardId, `/images/${slot}`), cardResponse)).card;
}
