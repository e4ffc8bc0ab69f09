import { apiScopeLabels, type OAuthAuthorizeInfo, type OAuthDecisionInput } from '@cardstack/shared/integrations/schemas';
import { AppError } from '../../http/errors';
import type { Caller } from '../auth/auth-module';
import { toScopes, type ConsentingUser, type OAuthClientConfig, type OAuthServer } from './oauth-server';
import { keyed, libraryMessage, type KeyedMessage } from '@cardstack/shared/i18n/keyed';

/*
 * The consent screen's two questions to the server: "who asks for what" (shown at /oauth) and "the user
 * decided" (Allow / Deny). A client or redirect URI we do not know is answered with a page of its own, never
 * with a redirect: sending the browser (and a code) to an unregistered address is exactly what an attacker
 * would ask for.
 */

const refused = (message: KeyedMessage) => new AppError(400, 'oauth-request-refused', message);

/** Checks the request's client, redirect URI and response type; answers what the screen shows. */
export function describeAuthorization(clients: readonly OAuthClientConfig[], query: OAuthDecisionInput | Omit<OAuthDecisionInput, 'isAllowed'>): OAuthAuthorizeInfo {
  const client = clients.find((candidate) => candidate.id === query.client_id);
  if (!client) throw refused(keyed('unknownClient'));
  if (!client.redirectUris.includes(query.redirect_uri)) throw refused(keyed('unregisteredRedirect'));
  if (query.response_type !== 'code') throw refused(keyed('unsupportedResponseType'));
  // PKCE by S256 only: "plain" (also what a challenge without a method means, RFC 7636 §4.3) shows the verifier
  // to whoever sees the authorization request. Refused before the user is asked, not after "Allow".
  if ((query.code_challenge || query.code_challenge_method) && query.code_challenge_method !== 'S256') {
    throw refused(keyed('unsupportedPkceMethod'));
  }
  const asked = query.scope ? toScopes(query.scope) : toScopes(Object.keys(apiScopeLabels));
  return {
    clientName: client.name,
    scopes: asked.map((scope) => ({ scope, label: apiScopeLabels[scope] })),
    redirectOrigin: new URL(client.redirectUris.find((uri) => uri === query.redirect_uri)!).origin,
  };
}

/**
 * The user's answer. The library issues the code (or the `access_denied` error) and builds the redirect with
 * the unchanged `state`; we hand its Location to the SPA, which navigates there.
 */
export async function decideAuthorization(
  oauth: OAuthServer,
  clients: readonly OAuthClientConfig[],
  caller: Pick<Caller, 'userId' | 'email' | 'name'>,
  input: OAuthDecisionInput,
): Promise<{ redirectTo: string }> {
  describeAuthorization(clients, input);
  const body: Record<string, string> = {
    client_id: input.client_id,
    redirect_uri: input.redirect_uri,
    response_type: input.response_type,
    allowed: input.isAllowed ? 'true' : 'false',
  };
  if (input.state) body.state = input.state;
  if (input.scope) body.scope = input.scope;
  if (input.code_challenge) body.code_challenge = input.code_challenge;
  if (input.code_challenge_method) body.code_challenge_method = input.code_challenge_method;
  const { server, library } = await oauth.load();
  const request = new library.Request({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, query: {}, body });
  const response = new library.Response();
  try {
    const user: ConsentingUser = { id: caller.userId, email: caller.email, name: caller.name };
    await server.authorize(request, response, { authenticateHandler: { handle: () => user } });
  } catch (error) {
    // Deny, an unknown scope or a bad PKCE method: the library put the error into the redirect (RFC 6749 §4.1.2.1).
    const location = response.get('Location') as string | undefined;
    if (location) return { redirectTo: location };
    throw refused(error instanceof Error ? libraryMessage(error.message) : keyed('oauthNotCompleted'));
  }
  const location = response.get('Location') as string | undefined;
  if (!location) throw refused(keyed('oauthNotCompleted'));
  return { redirectTo: location };
}
