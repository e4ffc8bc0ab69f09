import { expect } from 'vitest';
import type { Permission, TeamRole } from '@cardstack/shared/teams/roles';
import { roleList } from '@cardstack/shared/teams/roles';
import { TestClient, type TestApp } from './test-app';

/** Shared steps of the teams integration tests. */

/** Makes the signed-in user a Teams owner through the local provider's test checkout. */
export async function subscribeToTeams(client: TestClient, size: 10 | 25 | 50 | 100 | 250 = 10): Promise<void> {
  const started = await client.post('/api/billing/checkout', { plan: 'team', period: 'month', size });
  expect(started.statusCode, started.body).toBe(200);
  const path = new URL(started.json().url).pathname;
  const completed = await client.request('POST', `${path}/complete`, Buffer.from(''), { 'content-type': 'application/x-www-form-urlencoded' });
  expect(completed.statusCode, completed.body).toBe(303);
  expect((await client.get('/api/me')).json().plan).toBe('team');
}

export interface Person {
  client: TestClient;
  email: string;
  password: string;
  userId: string;
}

export async function person(t: TestApp, name = 'Test User', email?: string): Promise<Person> {
  const client = new TestClient(t.app);
  const account = await client.register({ name, ...(email ? { email } : {}) });
  return { client, ...account };
}

export async function teamsOwner(t: TestApp, name = 'Olivia Owner', size: 10 | 25 | 50 | 100 | 250 = 10): Promise<Person> {
  const owner = await person(t, name);
  await subscribeToTeams(owner.client, size);
  return owner;
}

/** The token of the newest invitation mail sent to this address. */
export async function invitationTokenFor(t: TestApp, email: string): Promise<string> {
  await t.services.jobs.runDue();
  const mail = [...t.mail.sent].reverse().find((sent) => sent.to === email && sent.subject.includes('invited you'));
  expect(mail, `no invitation mail to ${email}`).toBeDefined();
  const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

export async function invite(owner: Person, email: string, role: TeamRole = 'employee', name = 'Invited Person') {
  const response = await owner.client.post('/api/teams/members', { email, name, role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().member as { id: string; status: string };
}

/** Invites, registers and accepts: a member of the owner's team with this role. */
export async function member(t: TestApp, owner: Person, role: TeamRole = 'employee', name = 'Mia Member'): Promise<Person & { memberId: string }> {
  const email = `member-${Math.random().toString(16).slice(2, 10)}@example.com`;
  const { id } = await invite(owner, email, role, name);
  const token = await invitationTokenFor(t, email);
  const joined = await person(t, name, email);
  const accepted = await joined.client.post('/api/teams/invitations/accept', { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { ...joined, memberId: id };
}

/** Sets the team's matrix: each role gets exactly these permissions. */
export async function setPermissions(owner: Person, matrix: { admin?: Permission[]; employee?: Permission[] }): Promise<void> {
  const current = (await owner.client.get('/api/teams/roles')).json() as { admin: { name: string; checked: boolean }[]; employee: { name: string; checked: boolean }[] };
  const checked = (rows: { name: string; checked: boolean }[]) => rows.filter((row) => row.checked).map((row) => row.name as Permission);
  const response = await owner.client.request('PUT', '/api/teams/roles', {
    admin: roleList(matrix.admin ?? checked(current.admin)),
    employee: roleList(matrix.employee ?? checked(current.employee)),
  });
  expect(response.statusCode, response.body).toBe(200);
}

export function csvFile(rows: string[][]): Buffer {
  return Buffer.from(rows.map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')).join('\r\n'));
}
