import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountArchiveLimits,
  accountExportCreated,
  accountExportParams,
  accountExportsResponse,
  accountImportCreated,
  accountImportParams,
  accountImportSummary,
  accountImportsResponse,
} from '@cardstack/shared/account/account-archive';
import { accountExportIdSchema, accountMovesResponseSchema } from '@cardstack/shared/account/account-moves';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { z } from 'zod';
import { readSingleFile } from '../../http/multipart';
import { guards } from '../../http/route-guard';
import { notFound } from '../../http/errors';
import { limitPerAddress, type RateLimiter } from '../rate-limit/rate-limit-module';
import { sendStoredFile } from '../storage/storage-module';
import type { AccountArchiveDeps } from './account-archive-deps';
import { listExports, openExport, requestExport } from './account-export';
import { getImport, listImports, movesOf, startImport } from './account-import';

/** Another server asks this often at most (it asks once per moved account, then remembers). */
const movesLimit = { max: 60, windowSeconds: 60 };
/** Uploads are checked whole in memory: a few per hour are plenty. */
const importLimit = { max: 30, windowSeconds: 3600 };

export function registerAccountArchiveRoutes(fastify: FastifyInstance, deps: AccountArchiveDeps, rateLimiter: RateLimiter): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/account/export', { config: guards.signedIn, schema: { response: { 202: accountExportCreated } } }, async (request, reply) => {
    const caller = await request.caller();
    return reply.code(202).send({ id: await requestExport(deps, caller) });
  });

  app.get('/api/account/exports', { config: guards.signedIn, schema: { response: { 200: accountExportsResponse } } }, async (request) => ({
    exports: await listExports(deps, (await request.caller()).userId),
  }));

  // The owner's signed-in session only: without a session (an API key or OAuth token opens no route outside /api/v1)
  // the guard answers 401; another account is told nothing exists here (404, as for an id that never existed).
  app.get('/api/account/export/:id', { config: guards.signedIn, schema: { params: z.object({ id: z.string().max(64) }) } }, async (request, reply) => {
    const id = accountExportParams.safeParse(request.params);
    const caller = await request.caller();
    if (!id.success) throw notFound(keyed('accountExportNotFound'));
    const { key, file, builtAt } = await openExport(deps, caller.userId, id.data.id);
    return sendStoredFile(reply, key, file, { downloadName: `account-data-${builtAt.slice(0, 10)}`, cacheControl: 'private, no-store' });
  });

  app.post(
    '/api/account/import',
    { config: { guard: { caller: 'signed-in', rateLimit: limitPerAddress(rateLimiter, 'account-import', importLimit) } }, schema: { response: { 202: accountImportCreated } } },
    async (request, reply) => {
      const { userId } = await request.caller();
      const file = await readSingleFile(request, {
        maxFileBytes: accountArchiveLimits.maxArchiveBytes,
        tooLarge: { message: keyed('accountArchiveTooLarge', { max: Math.round(accountArchiveLimits.maxArchiveBytes / 1024 / 1024) }), field: 'file' },
        missing: { message: keyed('accountArchiveRequired'), field: 'file' },
      });
      return reply.code(202).send({ import: await startImport(deps, userId, { fileName: file.fileName, body: file.body }) });
    },
  );

  app.get('/api/account/imports', { config: guards.signedIn, schema: { response: { 200: accountImportsResponse } } }, async (request) => ({
    imports: await listImports(deps, (await request.caller()).userId),
  }));

  app.get('/api/account/import/:id', { config: guards.signedIn, schema: { params: accountImportParams, response: { 200: accountImportSummary } } }, async (request) =>
    getImport(deps, (await request.caller()).userId, request.params.id),
  );

  // Asked by the server this account moved from (a server, not a browser): where each card of an archive is now.
  app.get(
    '/api/account/moves/:exportId',
    {
      config: { guard: { caller: 'anyone', rateLimit: limitPerAddress(rateLimiter, 'account-moves', movesLimit) } },
      schema: { params: z.object({ exportId: z.string().max(64) }), response: { 200: accountMovesResponseSchema } },
    },
    async (request) => {
      const exportId = accountExportIdSchema.safeParse(request.params.exportId);
      if (!exportId.success) throw notFound(keyed('accountMovesNotFound'));
      return movesOf(deps, exportId.data);
    },
  );
}
