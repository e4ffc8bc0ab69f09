import crypto from 'node:crypto';
import type OAuth2Server from '@node-oauth/oauth2-server';
import { apiScopes, type ApiScope } from '@cardstack/shared/integrations/schemas';
import type { AnyConnection } from '../../db/schema';
import type { MailOutbox } from '../mail/mail-module';
import * as repository from './integrations-repository';
import { hashSecret, isSameSecret, newSecret, tokenPrefixes } from './secrets';

/*
 * The OAuth 2.0 authorization server: @node-oauth/oauth2-server does the protocol (request checks, PKCE, client
 * authentication by body or HTTP Basic, code and refresh grants, token expiry, the RFC 6749 error answers);
 * this file is its storage model over our tables, which also detects replayed codes and refresh tokens (the
 * library only refuses them). Clients are registered by the operator in configuration.
 */

/** An OAuth client the operator registered (Zapier through ZAPIER_CLIENT_ID, ZAPIER_CLIENT_SECRET, ZAPIER_REDIRECT_URIS). */
export interface OAuthClientConfig {
  id: string;
  name: string;
  secret: string;
  redirectUris: readonly string[];
}

export const accessTokenLifetimeSeconds = 60 * 60;
export const refreshTokenLifetimeSeconds = 180 * 24 * 60 * 60;
export const authorizationCodeLifetimeSeconds = 5 * 60;

/** The user as the library carries it: our user id and the grant the code or token belongs to. */
interface GrantUser {
  id: string;
  grantId?: string;
}

/** The user who answered "Allow" on the consent screen: a new grant is mailed to their address. */
export interface ConsentingUser {
  id: string;
  email: string;
  name: string;
}

export function toScopes(value: string | readonly string[] | undefined | null): ApiScope[] {
  const list = typeof value === 'string' ? value.split(/[\s,]+/) : (value ?? []);
  return list.filter((scope): scope is ApiScope => (apiScopes as readonly string[]).includes(scope));
}

const scopeText = (scopes: readonly string[]) => scopes.join(' ');

function createModel({ db, outbox }: OAuthServerDeps, clients: readonly OAuthClientConfig[], library: OAuthLibrary) {
  /**
   * A code or refresh token presented after it was used: someone holds a copy, and the server cannot tell whether
   * it is the client or a thief. The whole grant is revoked — its codes, tokens and the webhooks made through it —
   * and the request is refused (`false`: invalid_grant); the user connects again.
   */
  const revokeReplayedGrant = async (grantId: string): Promise<false> => {
    await repository.revokeGrant(db, grantId);
    return false;
  };
  const clientOf = (id: string) => {
    const client = clients.find((candidate) => candidate.id === id);
    return client ? { id: client.id, redirectUris: [...client.redirectUris], grants: ['authorization_code', 'refresh_token'] } : null;
  };
  return {
    async getClient(clientId: string, clientSecret: string | null) {
      const client = clients.find((candidate) => candidate.id === clientId);
      if (!client) return false;
      // The authorization request names no secret (null). The token request must prove it, PKCE or not: every
      // client we register is confidential (it has a server that keeps the secret).
      if (clientSecret !== null && (typeof clientSecret !== 'string' || !isSameSecret(clientSecret, client.secret))) return false;
      return clientOf(clientId) ?? false;
    },
    async validateRedirectUri(redirectUri: string, client: { id: string }) {
      return clientOf(client.id)?.redirectUris.includes(redirectUri) ?? false;
    },
    async validateScope(_user: GrantUser, _client: unknown, scope?: string[]) {
      // No scope asked: everything the API offers (Zapier asks for none). Unknown scopes refuse the request.
      if (!scope || scope.length === 0 || (scope.length === 1 && scope[0] === '')) return [...apiScopes];
      const known = toScopes(scope);
      return known.length === scope.length ? known : false;
    },
    async generateAuthorizationCode() {
      return newSecret(tokenPrefixes.code);
    },
    async generateAccessToken() {
      return newSecret(tokenPrefixes.accessToken);
    },
    async generateRefreshToken() {
      return newSecret(tokenPrefixes.refreshToken);
    },
    async saveAuthorizationCode(
      code: { authorizationCode: string; expiresAt: Date; redirectUri: string; scope?: string[]; codeChallenge?: string; codeChallengeMethod?: string },
      client: { id: string },
      user: ConsentingUser,
    ) {
      const now = new Date().toISOString();
      const scopes = scopeText(code.scope ?? apiScopes);
      await db.transaction().execute(async (trx: AnyConnection) => {
        const { grantId, isNew } = await repository.upsertGrant(trx, { id: crypto.randomUUID(), userId: user.id, clientId: client.id, scopes, now });
        // Once per connection: asking again under a grant that exists (or refreshing tokens) mails nothing.
        if (isNew) {
          const appName = clients.find((candidate) => candidate.id === client.id)?.name ?? client.id;
          await outbox.securityNotice(trx, user.email, { displayName: user.name, change: 'app-connected', detail: appName });
        }
        await repository.insertCode(trx, {
          codeHash: hashSecret(code.authorizationCode),
          grantId,
          redirectUri: code.redirectUri,
          scopes,
          codeChallenge: code.codeChallenge ?? null,
          codeChallengeMethod: code.codeChallengeMethod ?? null,
          expiresAt: code.expiresAt.toISOString(),
          now,
        });
      });
      return { ...code, client, user };
    },
    async getAuthorizationCode(authorizationCode: string) {
      const found = await repository.findCode(db, hashSecret(authorizationCode));
      if (found?.usedAt) return revokeReplayedGrant(found.grantId);
      const client = found && clientOf(found.clientId);
      if (!found || !client) return false;
      return {
        authorizationCode,
        expiresAt: new Date(found.expiresAt),
        redirectUri: found.redirectUri,
        scope: toScopes(found.scopes),
        client,
        user: { id: found.userId, grantId: found.grantId } satisfies GrantUser,
        ...(found.codeChallenge ? { codeChallenge: found.codeChallenge, codeChallengeMethod: found.codeChallengeMethod ?? 'plain' } : {}),
      };
    },
    async revokeAuthorizationCode(code: { authorizationCode: string; user: GrantUser }) {
      // Marked, not deleted, so that it is recognised when presented again. A concurrent exchange that lost the
      // race is such a second presentation too.
      if (await repository.markCodeUsed(db, hashSecret(code.authorizationCode), new Date().toISOString())) return true;
      return code.user.grantId ? revokeReplayedGrant(code.user.grantId) : false;
    },
    async saveToken(
      token: { accessToken: string; accessTokenExpiresAt?: Date; refreshToken?: string; refreshTokenExpiresAt?: Date; scope?: string[] },
      client: { id: string },
      user: GrantUser,
    ) {
      // A grant revoked (a replay, Disconnect) between the code or refresh check and here ends the flow.
      const revoked = () => new library.InvalidGrantError('Invalid grant: the grant was revoked');
      if (!user.grantId) throw revoked();
      const isSaved = await repository.insertTokenOfLiveGrant(db, {
        id: crypto.randomUUID(),
        grantId: user.grantId,
        accessTokenHash: hashSecret(token.accessToken),
        accessExpiresAt: (token.accessTokenExpiresAt ?? new Date(Date.now() + accessTokenLifetimeSeconds * 1000)).toISOString(),
        refreshTokenHash: token.refreshToken ? hashSecret(token.refreshToken) : null,
        refreshExpiresAt: token.refreshTokenExpiresAt?.toISOString() ?? null,
        scopes: scopeText(token.scope ?? []),
        now: new Date().toISOString(),
      });
      if (!isSaved) throw revoked();
      return { ...token, client, user };
    },
    async getAccessToken(accessToken: string) {
      const found = await repository.findTokenByAccessHash(db, hashSecret(accessToken));
      const client = found && clientOf(found.clientId);
      if (!found || !client) return false;
      return {
        accessToken,
        accessTokenExpiresAt: new Date(found.accessExpiresAt),
        scope: toScopes(found.scopes),
        client,
        user: { id: found.userId, grantId: found.grantId } satisfies GrantUser,
      };
    },
    async getRefreshToken(refreshToken: string) {
      const found = await repository.findTokenByRefreshHash(db, hashSecret(refreshToken));
      if (found?.rotatedAt) return revokeReplayedGrant(found.grantId);
      const client = found && clientOf(found.clientId);
      if (!found || !client) return false;
      return {
        refreshToken,
        ...(found.refreshExpiresAt ? { refreshTokenExpiresAt: new Date(found.refreshExpiresAt) } : {}),
        scope: toScopes(found.scopes),
        client,
        user: { id: found.userId, grantId: found.grantId } satisfies GrantUser,
      };
    },
    async revokeToken(token: { refreshToken: string; user: GrantUser }) {
      if (!token.user.grantId) return false;
      const rotated = await repository.rotateRefreshToken(db, { hash: hashSecret(token.refreshToken), grantId: token.user.grantId }, new Date().toISOString());
      return rotated || revokeReplayedGrant(token.user.grantId);
    },
    async verifyScope(token: { scope?: string[] }, scope: string[]) {
      return scope.every((wanted) => token.scope?.includes(wanted));
    },
  };
}

export interface OAuthServerDeps {
  db: AnyConnection;
  /** "An app was connected" */
  outbox: MailOutbox;
}

/** The OAuth library's class, with its Request, Response and error classes. */
export type OAuthLibrary = typeof OAuth2Server;

/**
 * The authorization server, made with the library on the first OAuth request (the consent screen, the token
 * endpoint, an /api/v1 call with a bearer token): most servers never have one, and the library is not loaded at
 * start (start-imports.test.ts).
 */
export interface OAuthServer {
  load(): Promise<{ server: OAuth2Server; library: OAuthLibrary }>;
}

export function createOAuthServer(deps: OAuthServerDeps, clients: readonly OAuthClientConfig[]): OAuthServer {
  let loaded: Promise<{ server: OAuth2Server; library: OAuthLibrary }> | undefined;
  return {
    load: () =>
      (loaded ??= import('@node-oauth/oauth2-server').then(({ default: library }) => ({ library, server: newServer(library, deps, clients) }))),
  };
}

function newServer(library: OAuthLibrary, deps: OAuthServerDeps, clients: readonly OAuthClientConfig[]): OAuth2Server {
  return new library({
    model: createModel(deps, clients, library) as unknown as OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel,
    accessTokenLifetime: accessTokenLifetimeSeconds,
    refreshTokenLifetime: refreshTokenLifetimeSeconds,
    authorizationCodeLifetime: authorizationCodeLifetimeSeconds,
    // Every refresh hands out a new refresh token and retires the old one; the old one presented again revokes
    // the grant (a stolen one is good at most once, and its use gives the theft away).
    alwaysIssueNewRefreshToken: true,
    allowEmptyState: true,
    // Bearer tokens only in the Authorization header, never in a URL (logs, referrers).
    allowBearerTokensInQueryString: false,
    requireClientAuthentication: { authorization_code: true, refresh_token: true },
  });
}

export type { OAuth2Server };
