import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cardResponse } from '@cardstack/shared/cards/schemas';
import { okResponse } from '@cardstack/shared/http/answers';
import { maxImportFileBytes } from '@cardstack/shared/teams/import-rows';
import {
  acceptInvitationInput,
  acceptInvitationResponse,
  changeRoleInput,
  createTeamCardInput,
  importJobParams,
  importJobResponse,
  invitationPreview,
  inviteMemberInput,
  memberIdParams,
  removeMemberResponse,
  rolesMatrixSchema,
  rolesResponse,
  teamCardsResponse,
  teamMemberResponse,
  teamMembersResponse,
  templateParams,
} from '@cardstack/shared/teams/schemas';
import * as teamCards from './team-cards';
import type { TeamsDeps } from './team-deps';
import * as imports from './team-import';
import * as invitations from './team-invitations';
import * as members from './team-members';
import * as roles from './team-roles';
import { requestLocale } from '../../http/errors';
import { readSingleFile } from '../../http/multipart';
import { guards } from '../../http/route-guard';
import { keyed } from '@cardstack/shared/i18n/keyed';


async function readImportUpload(request: FastifyRequest): Promise<{ body: Buffer; fileName: string }> {
  const file = await readSingleFile(request, {
    maxFileBytes: maxImportFileBytes,
    tooLarge: { message: keyed('importTooLarge'), field: 'file' },
    missing: { message: keyed('importWrongType'), field: 'file' },
  });
  return { body: file.body, fileName: file.fileName || 'import.csv' };
}


/**
 * /api/teams: members and invitations, the roles matrix, team cards and bulk import. Every route but the
 * invitation preview is signed-in only; each use case checks the caller's role permission itself.
 */
export function registerTeamRoutes(fastify: FastifyInstance, deps: TeamsDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => request.caller();

  // ---- Members
  app.get('/api/teams/members', { config: guards.signedIn, schema: { response: { 200: teamMembersResponse } } }, async (request) =>
    members.listMembers(deps, await caller(request)),
  );

  app.post('/api/teams/members', { config: { guard: { caller: 'signed-in', confirmedEmail: true } }, schema: { body: inviteMemberInput, response: { 201: teamMemberResponse } } }, async (request, reply) =>
    reply.status(201).send({ member: await members.inviteMember(deps, await caller(request), request.body) }),
  );

  app.post('/api/teams/members/:id/resend', { config: { guard: { caller: 'signed-in', confirmedEmail: true } }, schema: { params: memberIdParams, response: { 200: teamMemberResponse } } }, async (request) => ({
    member: await members.resendInvitation(deps, await caller(request), request.params.id),
  }));

  app.post('/api/teams/members/:id/revoke', { config: guards.signedIn, schema: { params: memberIdParams, response: { 200: okResponse } } }, async (request) => {
    await members.revokeInvitation(deps, await caller(request), request.params.id);
    return { ok: true as const };
  });

  app.patch('/api/teams/members/:id', { config: guards.signedIn, schema: { params: memberIdParams, body: changeRoleInput, response: { 200: teamMemberResponse } } }, async (request) => ({
    member: await members.changeMemberRole(deps, await caller(request), request.params.id, request.body.role),
  }));

  app.delete('/api/teams/members/:id', { config: guards.signedIn, schema: { params: memberIdParams, response: { 200: removeMemberResponse } } }, async (request) => {
    const { cardsKept } = await members.removeMember(deps, await caller(request), request.params.id);
    return { ok: true as const, cardsKept };
  });

  // ---- Roles
  app.get('/api/teams/roles', { config: guards.signedIn, schema: { response: { 200: rolesResponse } } }, async (request) => roles.getRoles(deps, await caller(request)));

  app.put('/api/teams/roles', { config: guards.signedIn, schema: { body: rolesMatrixSchema, response: { 200: rolesResponse } } }, async (request) =>
    roles.setRoles(deps, await caller(request), request.body),
  );

  // ---- Team cards (reading and changing one goes through /api/cards, whose access rule knows teams)
  app.get('/api/teams/cards', { config: guards.signedIn, schema: { response: { 200: teamCardsResponse } } }, async (request) => teamCards.listTeamCards(deps, await caller(request)));

  app.post('/api/teams/cards', { config: guards.signedIn, schema: { body: createTeamCardInput, response: { 201: cardResponse } } }, async (request, reply) => {
    const { memberId, ...fields } = request.body;
    const card = await teamCards.createTeamCard(deps, await caller(request), memberId, fields);
    return reply.status(201).send({ card });
  });

  // ---- Invitations
  // POST with the token in the body: it stays out of URLs, logs and caches (and is longer than a path segment may be).
  app.post('/api/teams/invitations/preview', { config: guards.anyone, schema: { body: acceptInvitationInput, response: { 200: invitationPreview } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return invitations.previewInvitation(deps, request.body.token, requestLocale(request));
  });

  app.post('/api/teams/invitations/accept', { config: guards.signedIn, schema: { body: acceptInvitationInput, response: { 200: acceptInvitationResponse } } }, async (request) =>
    invitations.acceptInvitation(deps, await caller(request), request.body.token),
  );

  // ---- Bulk import
  app.get('/api/teams/import-template/:format', { config: guards.signedIn, schema: { params: templateParams } }, async (request, reply) => {
    imports.requireImportPermission(await caller(request));
    if (request.params.format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="team-import-template.csv"')
        .send(imports.importTemplateCsv());
    }
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="team-import-template.xlsx"')
      .send(await imports.importTemplateXlsx());
  });

  app.post('/api/teams/imports', { config: { guard: { caller: 'signed-in', confirmedEmail: true } }, schema: { response: { 202: importJobResponse } } }, async (request, reply) => {
    const current = await caller(request);
    // Permission first: the upload is not read for someone who may not import.
    imports.requireImportPermission(current);
    const job = await imports.startImport(deps, current, await readImportUpload(request));
    return reply.status(202).send({ job });
  });

  app.get('/api/teams/imports/:id', { config: guards.signedIn, schema: { params: importJobParams, response: { 200: importJobResponse } } }, async (request) => ({
    job: await imports.getImportJob(deps, await caller(request), request.params.id),
  }));
}
