import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeEmailInput,
  changePasswordInput,
  deleteAccountInput,
  photoUploadResponse,
  updateProfileInput,
} from '@cardstack/shared/account/schemas';
import { accountAccess } from '@cardstack/shared/account/access';
import { accountPreferences, updateAccountPreferencesInput } from '@cardstack/shared/account/preferences';
import { sessionUser } from '@cardstack/shared/auth/schemas';
import { okResponse } from '@cardstack/shared/http/answers';
import { findPreferences, savePreferences, webHeadersOf } from '../auth/auth-module';
import { listAccess, revokeAllAccess } from './access-review';
import type { AccountDeps } from './account-service';
import * as account from './account-service';
import { readSingleFile } from '../../http/multipart';
import { guards } from '../../http/route-guard';
import { keyed } from '@cardstack/shared/i18n/keyed';

/** The largest photo accepted; it is re-encoded to 512 × 512 pixels. */
const maxPhotoBytes = 10 * 1024 * 1024;

export function registerAccountRoutes(fastify: FastifyInstance, deps: AccountDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const session = (request: FastifyRequest) => request.caller();
  const asAuthRequest = (request: FastifyRequest): account.AuthRequest => ({ headers: webHeadersOf(request.headers), ip: request.ip });

  // An account that must confirm its address first still learns that it must (the app shows what to do).
  app.get('/api/me', { config: { guard: { caller: 'signed-in', allowsUnconfirmedEmail: true } }, schema: { response: { 200: sessionUser } } }, async (request) =>
    account.getSessionUser(deps, await session(request)),
  );

  // The SPA's session check: the same user, or `null` when nobody is signed in. A browser logs every 4xx to the
  // console as an error, and "signed out" is the ordinary answer on the sign-in screen, not an error; /api/me keeps
  // its 401 for the other clients.
  app.get('/api/session', { config: { guard: { caller: 'anyone', allowsUnconfirmedEmail: true } }, schema: { response: { 200: sessionUser.nullable() } } }, async (request) => {
    const caller = await request.callerIfSignedIn();
    return caller ? account.getSessionUser(deps, caller) : null;
  });

  app.patch('/api/account/profile', { config: guards.signedIn, schema: { body: updateProfileInput, response: { 200: sessionUser } } }, async (request) => {
    const current = await session(request);
    await account.updateDisplayName(deps, current.userId, request.body.displayName);
    return account.getSessionUser(deps, { ...current, name: request.body.displayName });
  });

  // The language (the app and the mails the account gets) and the time zone (its dates and the insights' days).
  app.get('/api/account/preferences', { config: guards.signedIn, schema: { response: { 200: accountPreferences } } }, async (request) =>
    findPreferences(deps.db, (await session(request)).userId),
  );
  app.put('/api/account/preferences', { config: guards.signedIn, schema: { body: updateAccountPreferencesInput, response: { 200: accountPreferences } } }, async (request) => {
    const { userId } = await session(request);
    await savePreferences(deps.db, userId, request.body, new Date().toISOString());
    return findPreferences(deps.db, userId);
  });

  app.post('/api/account/email', { config: guards.signedIn, schema: { body: changeEmailInput, response: { 200: okResponse } } }, async (request) => {
    await account.changeEmail(deps, await session(request), asAuthRequest(request), request.body);
    return { ok: true as const };
  });

  app.post('/api/account/password', { config: guards.signedIn, schema: { body: changePasswordInput, response: { 200: okResponse } } }, async (request, reply) => {
    const { cookies } = await account.changePassword(deps, await session(request), asAuthRequest(request), request.body);
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return { ok: true as const };
  });

  app.post('/api/account/photo', { config: guards.signedIn, schema: { response: { 200: photoUploadResponse } } }, async (request) => {
    const current = await session(request);
    const file = await readSingleFile(request, {
      maxFileBytes: maxPhotoBytes,
      tooLarge: { message: keyed('uploadTooLarge'), field: 'file' },
      missing: { message: keyed('photoRequired'), field: 'file' },
    });
    const photoUrl = await account.setPhoto(deps, current.userId, file.body);
    return { photoUrl };
  });

  app.delete('/api/account/photo', { config: guards.signedIn, schema: { response: { 200: okResponse } } }, async (request) => {
    await account.removePhoto(deps, (await session(request)).userId);
    return { ok: true as const };
  });

  // What still has access (keys, apps, webhooks, devices) and revoking it: a signed-in browser only (a session, never a token).
  app.get('/api/account/access', { config: guards.signedIn, schema: { response: { 200: accountAccess } } }, async (request) =>
    listAccess(deps, await session(request), webHeadersOf(request.headers)),
  );
  app.post('/api/account/access/revoke-all', { config: guards.signedIn, schema: { response: { 200: accountAccess } } }, async (request) =>
    revokeAllAccess(deps, await session(request), webHeadersOf(request.headers)),
  );

  app.post('/api/account/delete', { config: guards.signedIn, schema: { body: deleteAccountInput, response: { 200: okResponse } } }, async (request) => {
    await account.deleteAccount(deps, await session(request), asAuthRequest(request), request.body);
    return { ok: true as const };
  });
}
