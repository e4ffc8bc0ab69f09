import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { okResponse } from '@cardstack/shared/account/schemas';
import {
  bulkDeleteContactsInput,
  bulkDeleteContactsResponse,
  contactCardOptionsResponse,
  contactFilter,
  contactIdParams,
  contactListQuery,
  contactListResponse,
  contactResponse,
  createContactInput,
  createLeadInput,
  leadResponse,
  notificationSettings,
  publicLeadParams,
  updateContactInput,
} from '@cardstack/shared/contacts/schemas';
import { canUseFeature } from '@cardstack/shared/plans/features';
import { AppError } from '../../http/errors';
import type { Auth } from '../auth/auth';
import { requireSession } from '../auth/session';
import { vcardContentType } from '../public-card/vcard';
import { contactsCallerOf, type ContactsCaller } from './contact-access';
import { exportContentTypes, exportFileName, exportFormats } from './contact-export';
import * as contacts from './contact-service';

export interface ContactRoutesDeps extends contacts.ContactsDeps {
  auth: Auth;
}

/** Spec "Paid-feature overlay": the same words the SPA shows. */
const paidFeatureMessage = 'This is a Paid feature. Upgrade your account to use this feature.';

/**
 * The export gate. Spec §8 locks "CSV export" on leaving the paid plans; the .xlsx export is the same list in
 * another format and shares the gate (docs/decisions/0006-contacts-export.md).
 */
function requireExportFeature(caller: ContactsCaller): void {
  if (!canUseFeature(caller.plan, 'csvExport')) throw new AppError(403, 'paid-feature', paidFeatureMessage);
}

/** Lead submissions per IP per minute: enough for people at a stand sharing one network, not for a script. */
const leadRateLimit = { max: 10, timeWindow: 60_000 };

/**
 * /api/contacts and /api/account/notifications: thin handlers over the contacts use cases; each use case
 * checks access, answering 404 for a contact the caller may not see. Plus the public lead endpoint.
 */
export function registerContactRoutes(fastify: FastifyInstance, deps: ContactRoutesDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const caller = async (request: FastifyRequest) => contactsCallerOf(await requireSession(deps.auth, request), deps.resolveTeamClaims);

  app.get('/api/contacts', { schema: { querystring: contactListQuery, response: { 200: contactListResponse } } }, async (request) =>
    contacts.listContacts(deps, await caller(request), request.query),
  );

  app.post('/api/contacts', { schema: { body: createContactInput, response: { 201: contactResponse } } }, async (request, reply) => {
    const created = await contacts.createContact(deps, await caller(request), request.body);
    return reply.status(201).send(created);
  });

  app.get('/api/contacts/cards', { schema: { response: { 200: contactCardOptionsResponse } } }, async (request) => ({
    cards: await contacts.listContactCards(deps, await caller(request)),
  }));

  app.post(
    '/api/contacts/bulk-delete',
    { schema: { body: bulkDeleteContactsInput, response: { 200: bulkDeleteContactsResponse } } },
    async (request) => ({ deleted: await contacts.bulkDeleteContacts(deps, await caller(request), request.body.ids) }),
  );

  app.get(
    '/api/contacts/export/:format',
    { schema: { params: z.object({ format: z.enum(exportFormats) }), querystring: contactFilter } },
    async (request, reply) => {
      const current = await caller(request);
      requireExportFeature(current);
      const { format } = request.params;
      return reply
        .header('content-type', exportContentTypes[format])
        .header('content-disposition', `attachment; filename="${exportFileName(format)}"`)
        .header('cache-control', 'no-store')
        .send(contacts.exportContacts(deps, current, request.query, format));
    },
  );

  app.get('/api/contacts/:id', { schema: { params: contactIdParams, response: { 200: contactResponse } } }, async (request) =>
    contacts.getContact(deps, await caller(request), request.params.id),
  );

  app.patch(
    '/api/contacts/:id',
    { schema: { params: contactIdParams, body: updateContactInput, response: { 200: contactResponse } } },
    async (request) => contacts.updateContact(deps, await caller(request), request.params.id, request.body),
  );

  app.delete('/api/contacts/:id', { schema: { params: contactIdParams, response: { 200: okResponse } } }, async (request) => {
    await contacts.deleteContact(deps, await caller(request), request.params.id);
    return { ok: true as const };
  });

  app.get('/api/contacts/:id/vcard', { schema: { params: contactIdParams } }, async (request, reply) => {
    const file = await contacts.contactVCard(deps, await caller(request), request.params.id);
    return reply
      .header('content-type', vcardContentType)
      .header('content-disposition', file.contentDisposition)
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  app.get('/api/account/notifications', { schema: { response: { 200: notificationSettings } } }, async (request) =>
    contacts.getNotificationSettings(deps, (await requireSession(deps.auth, request)).user.id),
  );

  app.put(
    '/api/account/notifications',
    { schema: { body: notificationSettings, response: { 200: notificationSettings } } },
    async (request) => contacts.updateNotificationSettings(deps, (await requireSession(deps.auth, request)).user.id, request.body),
  );

  // The public lead endpoint (JSON) for the card page's lead form; rate limited per IP in its own scope.
  void fastify.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new AppError(429, 'too-many-requests', 'Too many submissions. Please try again in a minute.'),
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/public/cards/:cardId/leads',
      {
        config: { rateLimit: leadRateLimit },
        schema: { params: publicLeadParams, body: createLeadInput, response: { 201: leadResponse } },
      },
      async (request, reply) => {
        const result = await contacts.createLead(deps.db, {
          cardId: request.params.cardId,
          input: request.body,
          resolveTeamClaims: deps.resolveTeamClaims,
        });
        return reply.status(201).send({ message: result.message });
      },
    );
  });
}
