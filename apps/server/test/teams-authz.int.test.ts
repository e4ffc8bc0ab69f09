import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, roleList, type Permission, type TeamRole } from '@cardstack/shared/teams/roles';
import { fileUpload } from './multipart';
import { createTestApp, TestClient, type TestApp } from './test-app';
import { csvFile, invitationTokenFor, invite, member, teamsOwner, type Person } from './teams-support';

/*
 * The teams authorization matrix: every team endpoint, called by the owner, by an admin and by an
 * employee with and without each permission, by a member of another team and by an anonymous caller. The
 * server decides; each answer is checked.
 */

let t: TestApp;
let owner: Person;
let admin: Person & { memberId: string };
let employee: Person & { memberId: string };
/** Holds the team cards the callers reach for: never one of the callers. */
let holder: Person & { memberId: string };
let outsider: Person & { memberId: string };
let importJobId: string;
let teamLeadId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await teamsOwner(t, 'Matrix Owner', 250);
  admin = await member(t, owner, 'admin', 'Matrix Admin');
  employee = await member(t, owner, 'employee', 'Matrix Employee');
  holder = await member(t, owner, 'employee', 'Card Holder');
  const otherOwner = await teamsOwner(t, 'Other Owner', 10);
  outsider = await member(t, otherOwner, 'admin', 'Other Admin');
  await otherOwner.client.request('PUT', '/api/teams/roles', { admin: roleList([...permissions]), employee: roleList([]) });

  const upload = fileUpload(csvFile([['Email', 'Name'], ['seed@example.com', 'Seed']]), 'seed.csv');
  importJobId = (await owner.client.request('POST', '/api/teams/imports', upload.body, upload.headers)).json().job.id;
  await t.services.jobs.runDue({ kinds: ['teams.import'] });

  // A lead that arrived through the holder's team card.
  const card = (await owner.client.post('/api/teams/cards', { memberId: holder.memberId, name: 'Holder card' })).json().card;
  teamLeadId = crypto.randomUUID();
  const now = new Date().toISOString();
  await t.services.database.db
    .insertInto('contact')
    .values({
      id: teamLeadId,
      owner_id: holder.userId,
      team_owner_id: owner.userId,
      card_id: card.id,
      card_name: 'Holder card',
      manual_add: 0,
      name: 'Team Lead',
      email: 'lead@example.com',
      phone: '',
      company: '',
      job_title: '',
      message: '',
      notes: '',
      consent_text: null,
      consent_at: null,
      search_text: 'team lead lead@example.com',
      sort_name: 'team lead',
      created_at: now,
      updated_at: now,
    })
    .execute();
}, 120_000);
afterAll(async () => {
  await t.close();
});

const fresh = () => `target-${crypto.randomBytes(4).toString('hex')}@example.com`;
const teamCardOfHolder = async () => (await owner.client.post('/api/teams/cards', { memberId: holder.memberId, name: 'Target' })).json().card.id as string;

interface Endpoint {
  name: string;
  /** What the caller's role must hold; [] for endpoints any signed-in user may call. */
  needs: Permission[];
  run(client: TestClient): Promise<LightMyRequestResponse>;
  /** The answer when allowed. */
  allowed: number;
  /** The answer when not: 403, or 404 where the resource is answered as missing (cards). */
  denied: number;
  /** Its `check` judges the 403's message (it is not always the general one). */
  hasOwnDeniedMessage?: true;
  /** Extra check of an allowed or denied answer's body. */
  check?: (response: LightMyRequestResponse, isAllowed: boolean) => void;
}

const endpoints: Endpoint[] = [
  { name: 'GET members', needs: ['userManagement'], allowed: 200, denied: 403, run: (c) => c.get('/api/teams/members') },
  {
    name: 'POST member (invite)',
    needs: ['userManagement'],
    allowed: 201,
    denied: 403,
    run: (c) => c.post('/api/teams/members', { email: fresh(), name: 'Target', role: 'employee' }),
  },
  {
    name: 'POST resend',
    needs: ['userManagement'],
    allowed: 200,
    denied: 403,
    run: async (c) => c.post(`/api/teams/members/${(await invite(owner, fresh())).id}/resend`),
  },
  {
    name: 'POST revoke',
    needs: ['userManagement'],
    allowed: 200,
    denied: 403,
    run: async (c) => c.post(`/api/teams/members/${(await invite(owner, fresh())).id}/revoke`),
  },
  {
    name: 'PATCH member role',
    needs: ['userManagement'],
    allowed: 200,
    denied: 403,
    run: async (c) => c.patch(`/api/teams/members/${(await invite(owner, fresh(), 'admin')).id}`, { role: 'employee' }),
  },
  {
    // Making someone an admin takes `roles` as well (review-findings.int.test.ts tests it across the routes).
    name: 'PATCH member role to admin',
    needs: ['userManagement', 'roles'],
    allowed: 200,
    denied: 403,
    check: (response, isAllowed) => {
      // Without userManagement the general refusal comes first.
      if (!isAllowed) expect(response.json().error.message).toMatch(/^(Your role does not allow this|Only the team owner or someone who may change roles)/);
    },
    hasOwnDeniedMessage: true,
    run: async (c) => c.patch(`/api/teams/members/${(await invite(owner, fresh())).id}`, { role: 'admin' }),
  },
  {
    name: 'DELETE member',
    needs: ['userManagement'],
    allowed: 200,
    denied: 403,
    run: async (c) => c.delete(`/api/teams/members/${(await invite(owner, fresh())).id}`),
  },
  { name: 'GET roles', needs: ['roles'], allowed: 200, denied: 403, run: (c) => c.get('/api/teams/roles') },
  {
    name: 'PUT roles (unchanged)',
    needs: ['roles'],
    allowed: 200,
    denied: 403,
    run: async (c) => c.request('PUT', '/api/teams/roles', (await owner.client.get('/api/teams/roles')).json()),
  },
  { name: 'GET team cards', needs: ['manageDigitalCards'], allowed: 200, denied: 403, run: (c) => c.get('/api/teams/cards') },
  {
    name: 'POST team card',
    needs: ['manageDigitalCards'],
    allowed: 201,
    denied: 403,
    run: (c) => c.post('/api/teams/cards', { memberId: holder.memberId, name: 'Made by caller' }),
  },
  { name: 'GET a team card', needs: ['manageDigitalCards'], allowed: 200, denied: 404, run: async (c) => c.get(`/api/cards/${await teamCardOfHolder()}`) },
  {
    name: 'PATCH a team card',
    needs: ['manageDigitalCards'],
    allowed: 200,
    denied: 404,
    run: async (c) => c.patch(`/api/cards/${await teamCardOfHolder()}`, { jobTitle: 'Changed' }),
  },
  { name: 'DELETE a team card', needs: ['manageDigitalCards'], allowed: 200, denied: 404, run: async (c) => c.delete(`/api/cards/${await teamCardOfHolder()}`) },
  {
    name: 'GET import template',
    needs: ['userManagement', 'manageDigitalCards'],
    allowed: 200,
    denied: 403,
    run: (c) => c.get('/api/teams/import-template/csv'),
  },
  {
    name: 'POST import',
    needs: ['userManagement', 'manageDigitalCards'],
    allowed: 202,
    denied: 403,
    run: (c) => {
      const upload = fileUpload(csvFile([['Email', 'Name'], [fresh(), 'Imported']]), 'one.csv');
      return c.request('POST', '/api/teams/imports', upload.body, upload.headers);
    },
  },
  {
    name: 'GET import job',
    needs: ['userManagement', 'manageDigitalCards'],
    allowed: 200,
    denied: 403,
    run: (c) => c.get(`/api/teams/imports/${importJobId}`),
  },
  {
    name: 'GET contacts (team leads)',
    needs: ['readContacts'],
    // The list is everyone's; the contacts permission decides whether the team's leads are in it.
    allowed: 200,
    denied: 200,
    run: (c) => c.get('/api/contacts'),
    check: (response, isAllowed) => {
      const ids = (response.json().contacts as { id: string }[]).map((contact) => contact.id);
      expect(ids.includes(teamLeadId)).toBe(isAllowed);
    },
  },
  {
    name: 'GET a team lead',
    needs: ['readContacts'],
    allowed: 200,
    denied: 404,
    run: (c) => c.get(`/api/contacts/${teamLeadId}`),
  },
];

async function setMatrix(rolePermissions: Record<TeamRole, Permission[]>): Promise<void> {
  const response = await owner.client.request('PUT', '/api/teams/roles', {
    admin: roleList(rolePermissions.admin),
    employee: roleList(rolePermissions.employee),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function expectAnswer(endpoint: Endpoint, client: TestClient, isAllowed: boolean, who: string): Promise<void> {
  const response = await endpoint.run(client);
  expect(response.statusCode, `${endpoint.name} by ${who}: ${response.body}`).toBe(isAllowed ? endpoint.allowed : endpoint.denied);
  if (!isAllowed && endpoint.denied === 403 && !endpoint.hasOwnDeniedMessage) expect(response.json().error.message).toBe('Your role does not allow this. Ask the team owner.');
  endpoint.check?.(response, isAllowed);
}

describe('team endpoints: authorization matrix', () => {
  it('lets the team owner on Teams call every endpoint', async () => {
    await setMatrix({ admin: [], employee: [] });
    for (const endpoint of endpoints) await expectAnswer(endpoint, owner.client, true, 'owner');
  });

  const configurations: { label: string; grant: (permission: Permission) => Permission[]; holds: (needs: Permission[], permission: Permission) => boolean }[] = [
    {
      label: 'with only',
      grant: (permission) => [permission],
      holds: (needs, permission) => needs.every((need) => need === permission),
    },
    {
      label: 'with all but',
      grant: (permission) => permissions.filter((other) => other !== permission),
      holds: (needs, permission) => !needs.includes(permission),
    },
  ];

  for (const role of ['admin', 'employee'] as const) {
    for (const configuration of configurations) {
      for (const permission of permissions) {
        it(`${role} ${configuration.label} ${permission}`, async () => {
          const granted = configuration.grant(permission);
          // The other role gets nothing, so no answer can come from it.
          await setMatrix({ admin: role === 'admin' ? granted : [], employee: role === 'employee' ? granted : [] });
          const caller = role === 'admin' ? admin : employee;
          expect((await caller.client.get('/api/me')).json().permissions).toEqual(granted.filter((p) => permissions.includes(p)).sort((a, b) => permissions.indexOf(a) - permissions.indexOf(b)));
          for (const endpoint of endpoints) {
            await expectAnswer(endpoint, caller.client, configuration.holds(endpoint.needs, permission), `${role} ${configuration.label} ${permission}`);
          }
        });
      }
    }
  }

  it('refuses a member of another team (with every permission there) everything of this team', async () => {
    await setMatrix({ admin: [...permissions], employee: [...permissions] });
    const invited = await invite(owner, fresh());
    const card = await teamCardOfHolder();
    const answers = {
      resend: await outsider.client.post(`/api/teams/members/${invited.id}/resend`),
      revoke: await outsider.client.post(`/api/teams/members/${invited.id}/revoke`),
      role: await outsider.client.patch(`/api/teams/members/${invited.id}`, { role: 'admin' }),
      remove: await outsider.client.delete(`/api/teams/members/${invited.id}`),
      createCard: await outsider.client.post('/api/teams/cards', { memberId: holder.memberId, name: 'Intruder' }),
      readCard: await outsider.client.get(`/api/cards/${card}`),
      changeCard: await outsider.client.patch(`/api/cards/${card}`, { jobTitle: 'Intruder' }),
      deleteCard: await outsider.client.delete(`/api/cards/${card}`),
      importJob: await outsider.client.get(`/api/teams/imports/${importJobId}`),
      lead: await outsider.client.get(`/api/contacts/${teamLeadId}`),
    };
    for (const [name, response] of Object.entries(answers)) expect(response.statusCode, `${name}: ${response.body}`).toBe(404);

    // Lists answer with the outsider's own team, never this one.
    const theirMembers = (await outsider.client.get('/api/teams/members')).json();
    expect(theirMembers.owner.id).not.toBe(owner.userId);
    expect(JSON.stringify(theirMembers)).not.toContain(invited.id);
    const theirCards = (await outsider.client.get('/api/teams/cards')).json().cards as { teamOwnerId: string }[];
    expect(theirCards.every((teamCard) => teamCard.teamOwnerId !== owner.userId)).toBe(true);
    const theirContacts = (await outsider.client.get('/api/contacts')).json().contacts as { id: string }[];
    expect(theirContacts.map((contact) => contact.id)).not.toContain(teamLeadId);
    // Roles they save are their own team's.
    const saved = await outsider.client.request('PUT', '/api/teams/roles', { admin: roleList([...permissions]), employee: roleList([]) });
    expect(saved.statusCode).toBe(200);
    expect((await owner.client.get('/api/teams/roles')).json().employee).toEqual(roleList([...permissions]));
    // And the untouched invitation is still there.
    expect((await owner.client.get('/api/teams/members')).json().members.map((m: { id: string }) => m.id)).toContain(invited.id);
  });

  it('answers an anonymous caller 401 everywhere but the invitation preview', async () => {
    const anonymous = new TestClient(t.app);
    for (const endpoint of endpoints) {
      const response = await endpoint.run(anonymous);
      expect(response.statusCode, `${endpoint.name}: ${response.body}`).toBe(401);
    }
    const email = fresh();
    await invite(owner, email);
    const token = await invitationTokenFor(t, email);
    const preview = await anonymous.post('/api/teams/invitations/preview', { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ status: 'valid', email });
    expect((await anonymous.post('/api/teams/invitations/accept', { token })).statusCode).toBe(401);
  });

  it('answers a Basic user (their own team owner) with the paid-feature answer on every team endpoint', async () => {
    const basic = new TestClient(t.app);
    await basic.register({ name: 'Basic Person' });
    for (const endpoint of endpoints.filter((candidate) => candidate.denied === 403)) {
      const response = await endpoint.run(basic);
      expect(response.statusCode, endpoint.name).toBe(403);
      expect(response.json().error.code, endpoint.name).toBe('paid-feature');
    }
  });
});
