import { designRequestSentResponse } from '@cardstack/shared/design-requests/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/design-requests/custom-design: the form's fields and its logo and artwork files, as multipart. */
export function requestCustomDesign(form: FormData) {
  return api.post('/api/design-requests/custom-design', designRequestSentResponse, form);
}
