import { oauthAuthorizeInfo, oauthDecisionResponse, type OAuthDecisionInput } from '@cardstack/shared/integrations/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useEndpointMutation, type MutationUi } from '../../../lib/mutation-ui';

/* GET and POST /api/oauth/authorize: what an app asks for, and the owner's answer (where the browser goes next). */

export function getAuthorizeInfo(search: string) {
  return api.get(`/api/oauth/authorize${search}`, oauthAuthorizeInfo);
}

export function decideAuthorization(input: OAuthDecisionInput) {
  return api.post('/api/oauth/authorize', oauthDecisionResponse, input);
}

export const authorizeInfoQuery = (search: string) => queryOptions({ queryKey: ['oauth-authorize', search], queryFn: () => getAuthorizeInfo(search), retry: false });

/** Asked once someone is signed in (`enabled`): the page sends others to sign in first. */
export const useAuthorizeInfo = (search: string, options: { enabled: boolean }) => useQuery({ ...authorizeInfoQuery(search), ...options });

/** Nothing to cache: the browser leaves for `redirectTo`. */
export const useDecideAuthorization = (ui?: MutationUi<Awaited<ReturnType<typeof decideAuthorization>>>) =>
  useEndpointMutation(decideAuthorization, () => undefined, ui);
