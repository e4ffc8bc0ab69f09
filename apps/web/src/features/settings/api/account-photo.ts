import { photoUploadResponse } from '@cardstack/shared/account/schemas';
import { okResponse } from '@cardstack/shared/http/answers';
import { api, uploadWithProgress } from '../../../lib/api-client';

/* POST and DELETE /api/account/photo: the profile photo, uploaded with progress, or removed. */

export function uploadAccountPhoto(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress('/api/account/photo', photoUploadResponse, form, onProgress);
}

export function removeAccountPhoto() {
  return api.delete('/api/account/photo', okResponse);
}
