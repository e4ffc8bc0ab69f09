import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse } from '@cardstack/shared/http/answers';
import {
  contactImportLimits,
  contactImportStatus,
  importTargets,
  mapContactImportInput,
  startContactImportInput,
} from '@cardstack/shared/contacts/import';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { badRequest, requestLocale } from '../../../http/errors';
import { readMultipart } from '../../../http/multipart';
import { guards } from '../../../http/route-guard';
import * as imports from './contact-import';

const importParams = z.object({ id: z.string().min(1).max(64) });

/**
 * /api/contacts/import: upload a file (202 with the import's id; the check runs as a job), read its state,
 * map a CSV's columns, start it with a choice for the duplicates, undo it, or drop a checked one.
 */
export function registerContactImportRoutes(fastify: FastifyInstance, deps: imports.ContactImportDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/contacts/import', { config: guards.signedIn, schema: { response: { 202: z.object({ id: z.string() }) } } }, async (request, reply) => {
    const caller = await request.caller();
    const form = await readMultipart(request, {
      maxFileBytes: contactImportLimits.fileBytes,
      maxFiles: 1,
      tooLarge: { message: keyed('importFileTooLarge'), field: 'file' },
      notMultipart: { message: keyed('importFileMissing'), field: 'file' },
    });
    const file = form.files.find((part) => part.field === 'file');
    if (!file || file.body.length === 0) throw badRequest(keyed('importFileMissing'), { file: keyed('importFileMissing') });
    // The kinds of file address books and spreadsheets write; the check reads what is in it.
    if (!/\.(vcf|vcard|csv|txt)$/i.test(file.fileName)) throw badRequest(keyed('importFileWrongType'), { file: keyed('importFileWrongType') });
    const target = z.enum(importTargets).catch('own').parse(form.fields.target ?? 'own');
    return reply.status(202).send(await imports.uploadContactImport(deps, caller, { fileName: file.fileName, body: file.body }, target));
  });

  app.get('/api/contacts/import/:id', { config: guards.signedIn, schema: { params: importParams, response: { 200: contactImportStatus } } }, async (request) =>
    imports.getContactImport(deps, await request.caller(), request.params.id, requestLocale(request)),
  );

  app.put(
    '/api/contacts/import/:id/mapping',
    { config: guards.signedIn, schema: { params: importParams, body: mapContactImportInput, response: { 200: contactImportStatus } } },
    async (request) => imports.mapContactImport(deps, await request.caller(), request.params.id, request.body, requestLocale(request)),
  );

  app.post(
    '/api/contacts/import/:id/start',
    { config: guards.signedIn, schema: { params: importParams, body: startContactImportInput, response: { 200: contactImportStatus } } },
    async (request) => imports.startContactImport(deps, await request.caller(), request.params.id, request.body, requestLocale(request)),
  );

  app.post('/api/contacts/import/:id/undo', { config: guards.signedIn, schema: { params: importParams, response: { 200: contactImportStatus } } }, async (request) =>
    imports.undoContactImport(deps, await request.caller(), request.params.id, requestLocale(request)),
  );

  app.delete('/api/contacts/import/:id', { config: guards.signedIn, schema: { params: importParams, response: { 200: okResponse } } }, async (request) => {
    await imports.cancelContactImport(deps, await request.caller(), request.params.id);
    return { ok: true as const };
  });
}
