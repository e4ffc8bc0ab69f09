import crypto from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { expect } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { fileUpload } from '../multipart';
import { csvFile, invite, member, person, teamsOwner, type Person } from '../teams-support';
import { createTestApp, TestClient, type TestApp } from '../test-app';

/*
 * The security suite's world: one app, the five kinds of caller the authorization matrix asks about, and the
 * objects they reach for. The objects belong to the team owner and sit in the team (a team card, a lead kept
 * for the team), so the admin reaches them through the role's permissions and the employee, whose role holds
 * none, does not.
 */

export const actors = ['anonymous', 'stranger', 'employee', 'admin', 'owner'] as const;
export type Actor = (typeof actors)[number];

export interface World {
  t: TestApp;
  /** Every route as the app added it (method and path pattern), for the matrix and the fuzzer. */
  routes: RouteOptions[];
  clients: Record<Actor, TestClient>;
  owner: Person;
  admin: Person & { memberId: string };
  employee: Person & { memberId: string };
  stranger: Person;
  /** A team card of the owner's, with a downloadable file and a web link. */
  card: Card;
  /** A lead on that card, kept for the team. */
  leadId: string;
  importJobId: string;
}

/** A registered OAuth client (Zapier), so the consent and token routes have a client to check. */
export const securityZapier = { clientId: 'zapier-security', secret: 'zapier-security-secret', redirectUri: 'https://zapier.com/return' };

export async function buildWorld(): Promise<World> {
  const routes: RouteOptions[] = [];
  const t = await createTestApp(
    { ZAPIER_CLIENT_ID: securityZapier.clientId, ZAPIER_CLIENT_SECRET: securityZapier.secret, ZAPIER_REDIRECT_URIS: securityZapier.redirectUri },
    { onRoute: (route) => void routes.push(route) },
  );
  const owner = await teamsOwner(t, 'Olivia Owner', 50);
  const admin = await member(t, owner, 'admin', 'Adam Admin');
  const employee = await member(t, owner, 'employee', 'Emma Employee');
  const stranger = await person(t, 'Sam Stranger');
  const world: World = {
    t,
    routes,
    clients: { anonymous: new TestClient(t.app), stranger: stranger.client, employee: employee.client, admin: admin.client, owner: owner.client },
    owner,
    admin,
    employee,
    stranger,
    card: undefined as unknown as Card,
    leadId: '',
    importJobId: '',
  };
  world.card = await freshCard(world, { links: [{ kind: 'website', url: 'https://example.com/a', label: '' }] });
  const upload = fileUpload('%PDF-1.7 a price list', 'prices.pdf');
  const withFile = await owner.client.request('POST', `/api/cards/${world.card.id}/files`, upload.body, upload.headers);
  expect(withFile.statusCode, withFile.body).toBe(200);
  world.card = withFile.json().card;
  world.leadId = await freshLead(world);
  const file = fileUpload(csvFile([['Email', 'Name'], [`imported-${random()}@example.com`, 'Imported Person']]), 'members.csv');
  const job = await owner.client.request('POST', '/api/teams/imports', file.body, file.headers);
  expect(job.statusCode, job.body).toBe(202);
  world.importJobId = job.json().job.id;
  while ((await t.services.jobs.runDue()) > 0);
  return world;
}

export const random = () => crypto.randomBytes(5).toString('hex');

/** A new card of the owner's, held by the team. */
export async function freshCard(world: World, body: Record<string, unknown> = {}): Promise<Card> {
  const response = await world.owner.client.post('/api/cards', { title: 'Team card', name: 'Olivia Owner', ...body });
  expect(response.statusCode, response.body).toBe(201);
  const card = response.json().card as Card;
  await world.t.services.database.db.updateTable('card').set({ team_owner_id: world.owner.userId }).where('id', '=', card.id).execute();
  return { ...card, teamOwnerId: world.owner.userId };
}

/** A new lead on the world's card, kept for the team. */
export async function freshLead(world: World): Promise<string> {
  const db = world.t.services.database.db;
  const before = new Set((await db.selectFrom('contact').select('id').execute()).map((row) => row.id));
  const response = await world.t.app.inject({
    method: 'POST',
    url: `/id/${world.card.id}/lead`,
    remoteAddress: `198.51.100.${1 + Math.floor(Math.random() * 200)}`,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    payload: JSON.stringify({ name: 'Lena Lead', email: `lead-${random()}@example.com` }),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  const created = (await db.selectFrom('contact').select('id').execute()).find((row) => !before.has(row.id));
  expect(created).toBeDefined();
  return created!.id;
}

/** A pending member of the owner's team (an invitation not yet accepted). */
export async function freshPendingMember(world: World): Promise<string> {
  return (await invite(world.owner, `pending-${random()}@example.com`, 'employee', 'Pending Person')).id;
}

/** Tables whose rows change on every request by design (sessions, rate limits) or on a failure (error log). */
const volatileTable = /^(kysely_|session$|verification$|error_log$|rate|.*rate_limit)/;

/** Lets background work end (jobs: mail, vCard and QR files, imports; visitor counts) so it is not taken for the request's. */
export async function settle(world: World): Promise<void> {
  while ((await world.t.services.jobs.runDue()) > 0);
  await world.t.services.publicCard.stats.flush();
}

/** A digest of every row of the app's data once background work settled: equal before and after means no row changed. */
export async function fingerprint(world: World): Promise<string> {
  await settle(world);
  const db = world.t.services.database.db;
  const all = await db.introspection.getTables();
  // The app's own schema only: on PostgreSQL the job engine (pg-boss) keeps its tables in a schema of its own.
  const appSchema = all.find((table) => table.name === 'user')?.schema;
  const tables = all
    .filter((table) => table.schema === appSchema)
    .map((table) => table.name)
    .filter((name) => !volatileTable.test(name))
    .sort();
  const hash = crypto.createHash('sha256');
  for (const table of tables) {
    const rows = await db.selectFrom(table as never).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (value instanceof Date ? value.toISOString() : value))).sort();
    hash.update(`${table}\n${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}
