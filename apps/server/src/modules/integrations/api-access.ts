import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyLimits, type ApiKeySummary, type ApiScope, type CreateApiKeyResponse } from '@cardstack/shared/integrations/schemas';
import { canUseFeature } from '@cardstack/shared/plans/features';
import type { AnyConnection } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { Caller, CallerOfUser } from '../auth/auth-module';
import { paidFeatureError } from '../billing/billing-module';
import type { MailOutbox } from '../mail/mail-module';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limit-module';
import * as repository from './api-key-repository';
import { toScopes, type OAuth2Server, type OAuthServer } from './oauth-server';
import { hashSecret, newSecret, tokenPrefixes } from './secrets';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * Who is calling the public API: a personal API key or an OAuth access token in `Authorization: Bearer`.
 * Never the session cookie: the API is exempt from the cross-site check (other servers call it), so a cookie
 * must not open it. Each token resolves to the same `Caller` a session would give its user, so the use cases
 * apply the same access rules (team scopes included).
 */

export interface ApiPrincipal {
  caller: Caller;
  scopes: readonly ApiScope[];
  /** What authenticated the request: the rate limit and the hooks made through it are kept per key or grant. */
  via: { kind: 'api-key'; apiKeyId: string } | { kind: 'oauth'; grantId: string };
}

export interface ApiAccessDeps {
  db: AnyConnection;
  oauth: OAuthServer;
  callerOf: CallerOfUser;
  rateLimiter: RateLimiter;
  rateLimit: RateLimitRule;
}

/** The last use of a key is written at most once a minute (a busy key would otherwise write on every call). */
const lastUseResolutionMs = 60_000;

export function invalidToken(): AppError {
  return new AppError(401, 'invalid-token', keyed('invalidToken'));
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

async function principalOfApiKey(deps: ApiAccessDeps, token: string): Promise<ApiPrincipal> {
  const key = await repository.findApiKeyByHash(deps.db, hashSecret(token));
  if (!key) throw invalidToken();
  const caller = await deps.callerOf(key.userId, `api-key:${key.id}`);
  if (!caller) throw invalidToken();
  const now = Date.now();
  if (!key.lastUsedAt || now - new Date(key.lastUsedAt).getTime() > lastUseResolutionMs) {
    await repository.touchApiKey(deps.db, key.id, new Date(now).toISOString());
  }
  return { caller, scopes: toScopes(key.scopes), via: { kind: 'api-key', apiKeyId: key.id } };
}

async function principalOfAccessToken(deps: ApiAccessDeps, request: FastifyRequest): Promise<ApiPrincipal> {
  let token: OAuth2Server.Token;
  const { server, library } = await deps.oauth.load();
  try {
    // The library checks presence, expiry and the token's record: any failure is a 401 (Zapier refreshes on 401).
    token = await server.authenticate(
      new library.Request({ method: request.method, headers: request.headers as Record<string, string>, query: {}, body: {} }),
      new library.Response(),
    );
  } catch {
    throw invalidToken();
  }
  const grantId = (token.user as { grantId?: string }).grantId;
  const caller = await deps.callerOf(String(token.user.id), `grant:${grantId}`);
  if (!caller || !grantId) throw invalidToken();
  // Automation connections (Zapier) are a paid feature: a plan without it keeps the grant but may not use it.
  if (!canUseFeature(caller.plan, 'zapier')) throw paidFeatureError();
  return { caller, scopes: toScopes(token.scope ?? []), via: { kind: 'oauth', grantId } };
}

/** Authenticates a public API request and counts it against its key's (or grant's) rate limit. */
export async function authenticateApiRequest(deps: ApiAccessDeps, request: FastifyRequest, reply: FastifyReply): Promise<ApiPrincipal> {
  const token = bearerOf(request);
  if (!token) {
    reply.header('www-authenticate', 'Bearer');
    throw invalidToken();
  }
  let principal: ApiPrincipal;
  try {
    principal = token.startsWith(tokenPrefixes.apiKey) ? await principalOfApiKey(deps, token) : await principalOfAccessToken(deps, request);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) reply.header('www-authenticate', 'Bearer error="invalid_token"');
    throw error;
  }
  const limitKey = principal.via.kind === 'api-key' ? `api:key:${principal.via.apiKeyId}` : `api:grant:${principal.via.grantId}`;
  await deps.rateLimiter.enforce([{ key: limitKey, rule: deps.rateLimit }], keyed('tooManyKeyRequests'));
  return principal;
}

export function requireScope(principal: ApiPrincipal, scope: ApiScope): void {
  if (!principal.scopes.includes(scope)) throw new AppError(403, 'insufficient-scope', keyed('missingScope', { scope }));
}

// ---- Personal API keys (Settings → Integrations) -------------------------------------------------------

function toSummary(key: repository.StoredApiKey): ApiKeySummary {
  return { id: key.id, name: key.name, prefix: key.prefix, scopes: toScopes(key.scopes), createdAt: key.createdAt, lastUsedAt: key.lastUsedAt };
}

export async function listApiKeys(db: AnyConnection, userId: string): Promise<{ keys: ApiKeySummary[] }> {
  return { keys: (await repository.listApiKeys(db, userId)).map(toSummary) };
}

/**
 * A new key: the token is returned this once and only its hash is kept. The owner's address is told of it in
 * the same transaction (a key made by someone who took over the session is then no secret to the owner).
 */
export async function createApiKey(
  { db, outbox }: { db: AnyConnection; outbox: MailOutbox },
  owner: Pick<Caller, 'userId' | 'email' | 'name'>,
  input: { name: string; scopes: ApiScope[] },
): Promise<CreateApiKeyResponse> {
  const { userId } = owner;
  if ((await repository.countApiKeys(db, userId)) >= apiKeyLimits.perUser) {
    throw badRequest(keyed('tooManyApiKeys', { max: apiKeyLimits.perUser }));
  }
  const token = newSecret(tokenPrefixes.apiKey);
  const key = {
    id: crypto.randomUUID(),
    userId,
    name: input.name,
    prefix: token.slice(0, tokenPrefixes.apiKey.length + 6),
    hash: hashSecret(token),
    scopes: [...new Set(input.scopes)].join(' '),
    now: new Date().toISOString(),
  };
  await db.transaction().execute(async (trx: AnyConnection) => {
    await repository.insertApiKey(trx, key);
    await outbox.securityNotice(trx, owner.email, { displayName: owner.name, change: 'api-key-created', detail: key.name });
  });
  return { key: toSummary({ id: key.id, name: key.name, prefix: key.prefix, scopes: key.scopes, createdAt: key.now, lastUsedAt: null }), token };
}

export async function revokeApiKey(db: AnyConnection, userId: string, id: string): Promise<void> {
  if (!(await repository.deleteApiKey(db, userId, id))) throw notFound(keyed('keyNotFound'));
}
