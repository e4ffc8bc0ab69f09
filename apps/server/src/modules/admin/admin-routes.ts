import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse } from '@cardstack/shared/http/answers';
import {
  adminAuditListResponse,
  adminDisableInput,
  adminErrorListResponse,
  adminHealthResponse,
  adminIdParams,
  adminJobListResponse,
  adminJobStatusQuery,
  adminMailListResponse,
  adminMeResponse,
  adminPlanOverrideInput,
  adminRequestListQuery,
  adminRequestListResponse,
  adminRequestStatusInput,
  adminUserListQuery,
  adminUserListResponse,
  adminUserResponse,
  preorderBatchDetailResponse,
  preorderBatchInput,
  preorderBatchListResponse,
  registrationPolicy,
  registrationPolicyResponse,
} from '@cardstack/shared/admin/schemas';
import { designUploadFields } from '@cardstack/shared/design-requests/schemas';
import { attachmentDisposition, sendStoredFile } from '../storage/storage-module';
import * as admin from './admin-service';
import { guards } from '../../http/route-guard';

/**
 * /api/admin/*: the operator console. Every route but the "am I an operator" question checks, server-side,
 * that the caller is an operator (ADMIN_EMAILS or promoted) before anything is read; every change is audited
 * inside the use case.
 */
export function registerAdminRoutes(fastify: FastifyInstance, deps: admin.AdminDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actor = async (request: { caller(): Promise<{ userId: string; email: string }> }) => admin.actorOf(await request.caller());

  app.get('/api/admin/me', { config: guards.signedIn, schema: { response: { 200: adminMeResponse } } }, async (request) => ({
    isAdmin: await admin.isOperator(deps, await request.caller()),
  }));

  app.get(
    '/api/admin/users',
    { config: guards.operator, schema: { querystring: adminUserListQuery, response: { 200: adminUserListResponse } } },
    async (request) => admin.listUsers(deps, request.query.search, request.query.page),
  );
  app.get('/api/admin/users/:id', { config: guards.operator, schema: { params: adminIdParams, response: { 200: adminUserResponse } } }, async (request) => ({
    user: await admin.getUser(deps, request.params.id),
  }));
  app.put(
    '/api/admin/users/:id/plan',
    { config: guards.operator, schema: { params: adminIdParams, body: adminPlanOverrideInput, response: { 200: adminUserResponse } } },
    async (request) => ({ user: await admin.overridePlan(deps, await actor(request), request.params.id, request.body) }),
  );
  app.put(
    '/api/admin/users/:id/disabled',
    { config: guards.operator, schema: { params: adminIdParams, body: adminDisableInput, response: { 200: adminUserResponse } } },
    async (request) => ({ user: await admin.setAccountDisabled(deps, await actor(request), request.params.id, request.body.isDisabled) }),
  );

  app.get('/api/admin/preorder-batches', { config: guards.operator, schema: { response: { 200: preorderBatchListResponse } } }, async () => ({
    batches: await admin.listBatches(deps),
  }));
  app.post(
    '/api/admin/preorder-batches',
    { config: guards.operator, schema: { body: preorderBatchInput, response: { 201: preorderBatchDetailResponse } } },
    async (request, reply) => {
      const created = await admin.createBatch(deps, await actor(request), request.body);
      return reply.status(201).send(await admin.batchDetail(deps, created.batchId));
    },
  );
  app.get(
    '/api/admin/preorder-batches/:id',
    { config: guards.operator, schema: { params: adminIdParams, response: { 200: preorderBatchDetailResponse } } },
    async (request) => admin.batchDetail(deps, request.params.id),
  );
  app.get('/api/admin/preorder-batches/:id/csv', { config: guards.operator, schema: { params: adminIdParams } }, async (request, reply) => {
    const { fileName, csv } = await admin.batchCsv(deps, request.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/api/admin/registration-policy', { config: guards.operator, schema: { response: { 200: registrationPolicyResponse } } }, async () => ({
    policy: await admin.readRegistrationPolicy(deps.db),
  }));
  app.put(
    '/api/admin/registration-policy',
    { config: guards.operator, schema: { body: registrationPolicy, response: { 200: registrationPolicyResponse } } },
    async (request) => ({ policy: await admin.setRegistrationPolicy(deps, await actor(request), request.body) }),
  );

  app.get(
    '/api/admin/requests',
    { config: guards.operator, schema: { querystring: adminRequestListQuery, response: { 200: adminRequestListResponse } } },
    async (request) => ({ requests: await admin.listRequests(deps, request.query.status), closedRetentionDays: deps.designRequestRetentionDays }),
  );
  app.put(
    '/api/admin/requests/:id/status',
    { config: guards.operator, schema: { params: adminIdParams, body: adminRequestStatusInput, response: { 200: okResponse } } },
    async (request) => {
      await admin.changeRequestStatus(deps, await actor(request), request.params.id, request.body.status);
      return { ok: true as const };
    },
  );
  app.get(
    '/api/admin/requests/:id/files/:field',
    { config: guards.operator, schema: { params: adminIdParams.extend({ field: z.enum(designUploadFields) }) } },
    async (request, reply) => {
      const file = await admin.requestFile(deps, request.params.id, request.params.field);
      return sendStoredFile(reply, file.key, file.stored, { downloadName: file.name, cacheControl: 'no-store' });
    },
  );

  app.get('/api/admin/mail', { config: guards.operator, schema: { response: { 200: adminMailListResponse } } }, async () => ({
    mails: await admin.listOutbox(deps),
  }));
  app.get(
    '/api/admin/jobs',
    { config: guards.operator, schema: { querystring: adminJobStatusQuery, response: { 200: adminJobListResponse } } },
    async (request) => admin.listJobs(deps, request.query.status),
  );
  app.post('/api/admin/jobs/:id/retry', { config: guards.operator, schema: { params: adminIdParams, response: { 200: okResponse } } }, async (request) => {
    await admin.retryJob(deps, await actor(request), request.params.id);
    return { ok: true as const };
  });
  app.get('/api/admin/errors', { config: guards.operator, schema: { response: { 200: adminErrorListResponse } } }, async () => ({
    errors: await admin.listErrors(deps),
  }));
  app.get('/api/admin/health', { config: guards.operator, schema: { response: { 200: adminHealthResponse } } }, async () => admin.instanceHealth(deps));
  app.get('/api/admin/audit', { config: guards.operator, schema: { response: { 200: adminAuditListResponse } } }, async () => ({
    entries: await admin.listAudit(deps),
  }));
}
