import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse } from '@cardstack/shared/http/answers';
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
  notificationSettings,
  updateContactInput,
} from '@cardstack/shared/contacts/schemas';
import { vcardContentType } from '@cardstack/shared/vcard/vcard-writer';
import { sendStoredFile } from '../storage/storage-module';
import { exportContentTypes, exportFileName, exportFormats } from './contact-export';
import type { ContactsDeps } from './contact-deps';
import { bulkDeleteContacts, deleteContact } from './contact-deletion';
import { createContact, updateContact } from './contact-editing';
import { contactVCard, exportContacts, getContact, listContactCards, listContacts } from './contact-reads';
import { getNotificationSettings, updateNotificationSettings } from './notification-settings';
import { contactCardImage } from './scanned-contacts';
import { guards } from '../../http/route-guard';

/**
 * /api/contacts and /api/account/notifications: thin handlers over the contacts use cases; each use case
 * checks access, answering 404 for a contact the caller may not see. Leads arrive through the public card
 * page's form (modules/public-card), which calls `createLead`.
 */
export function registerContactRoutes(fastify: FastifyInstance, deps: ContactsDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => request.caller();

  app.get('/api/contacts', { config: guards.signedIn, schema: { querystring: contactListQuery, response: { 200: contactListResponse } } }, async (request) =>
    listContacts(deps, await caller(request), request.query),
  );

  app.post('/api/contacts', { config: guards.signedIn, schema: { body: createContactInput, response: { 201: contactResponse } } }, async (request, reply) => {
    const created = await createContact(deps, await caller(request), request.body);
    return reply.status(201).send(created);
  });

  app.get('/api/contacts/cards', { config: guards.signedIn, schema: { response: { 200: contactCardOptionsResponse } } }, async (request) => ({
    cards: await listContactCards(deps, await caller(request)),
  }));

  app.post(
    '/api/contacts/bulk-delete',
    { config: guards.signedIn, schema: { body: bulkDeleteContactsInput, response: { 200: bulkDeleteContactsResponse } } },
    async (request) => ({ deleted: await bulkDeleteContacts(deps, await caller(request), request.body.ids) }),
  );

  // CSV export is a paid feature (a downgrade to Basic locks it); the .xlsx and vCard exports are the same list in
  // other formats and share the gate (docs/decisions/0006-contacts-export.md).
  app.get(
    '/api/contacts/export/:format',
    {
      config: { guard: { caller: 'signed-in', feature: 'csvExport' } },
      schema: { params: z.object({ format: z.enum(exportFormats) }), querystring: contactFilter },
    },
    async (request, reply) => {
      const current = await caller(request);
      const { format } = request.params;
      return reply
        .header('content-type', exportContentTypes[format])
        .header('content-disposition', `attachment; filename="${exportFileName(format)}"`)
        .header('cache-control', 'no-store')
        .send(exportContacts(deps, current, request.query, format));
    },
  );

  app.get('/api/contacts/:id', { config: guards.signedIn, schema: { params: contactIdParams, response: { 200: contactResponse } } }, async (request) =>
    getContact(deps, await caller(request), request.params.id),
  );

  app.patch(
    '/api/contacts/:id',
    { config: guards.signedIn, schema: { params: contactIdParams, body: updateContactInput, response: { 200: contactResponse } } },
    async (request) => updateContact(deps, await caller(request), request.params.id, request.body),
  );

  app.delete('/api/contacts/:id', { config: guards.signedIn, schema: { params: contactIdParams, response: { 200: okResponse } } }, async (request) => {
    await deleteContact(deps, await caller(request), request.params.id);
    return { ok: true as const };
  });

  app.get('/api/contacts/:id/vcard', { config: guards.signedIn, schema: { params: contactIdParams } }, async (request, reply) => {
    const file = await contactVCard(deps, await caller(request), request.params.id);
    return reply
      .header('content-type', vcardContentType)
      .header('content-disposition', file.contentDisposition)
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  // The photo of a scanned card: private to whoever may see the contact, so never cached by shared caches.
  app.get('/api/contacts/:id/card-image', { config: guards.signedIn, schema: { params: contactIdParams } }, async (request, reply) => {
    const { key, file } = await contactCardImage(deps, await caller(request), request.params.id);
    return sendStoredFile(reply, key, file, { cacheControl: 'private, max-age=300' });
  });

  app.get('/api/account/notifications', { config: guards.signedIn, schema: { response: { 200: notificationSettings } } }, async (request) =>
    getNotificationSettings(deps, (await request.caller()).userId),
  );

  app.put(
    '/api/account/notifications',
    { config: guards.signedIn, schema: { body: notificationSettings, response: { 200: notificationSettings } } },
    async (request) => updateNotificationSettings(deps, (await request.caller()).userId, request.body),
  );
}
