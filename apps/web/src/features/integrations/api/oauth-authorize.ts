import { oauthAuthorizeInfo, oauthDecisionResponse, type OAuthDecisionInput } from '@cardstack/shared/integrations/schemas';
import { api } from '../../../lib/api-client';

/* GET and POST /api/oauth/authorize: what an app asks for, and the owner's answer (where the browser goes next). */

export function getAuthorizeInfo(search: string) {
  return api.get(`/api/oauth/authorize${search}`, oauthAuthorizeInfo);
}

export function decideAuthorization(input: OAuthDecisionInput) {
  return api.post('/api/oauth/authorize', oauthDecisionResponse, input);
}
