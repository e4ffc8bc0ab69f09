import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { permissions } from '@cardstack/shared/teams/roles';
import type { ImportJob, TeamMembersResponse } from '@cardstack/shared/teams/schemas';
import type { AnyConnection } from '../src/db/schema';
import { invitationLifetimeMs } from '../src/modules/teams/team-invitations';
import { saveImportProgress } from '../src/modules/teams/team-repository';
import { fileUpload } from './multipart';
import { createTestApp, TestClient, type TestApp } from './test-app';
import { csvFile, invitationTokenFor, invite, member, person, setPermissions, teamsOwner } from './teams-support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function members(client: TestClient): Promise<TeamMembersResponse> {
  const response = await client.get('/api/teams/members');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('team claims on /api/me', () => {
  it('makes everyone their own team owner; on Teams the owner holds every permission', async () => {
    const basic = await person(t, 'Basic Bea');
    expect((await basic.client.get('/api/me')).json()).toMatchObject({
      isOrganizationUser: false,
      teamOwnerId: basic.userId,
      role: 'owner',
      permissions: [],
    });
    const owner = await teamsOwner(t);
    expect((await owner.client.get('/api/me')).json()).toMatchObject({ isOrganizationUser: false, teamOwnerId: owner.userId, role: 'owner', permissions: [...permissions] });
  });

  it('gives an accepted member the team, their role and its permissions, and follows changes on the next request', async () => {
    const owner = await teamsOwner(t);
    const admin = await member(t, owner, 'admin');
    expect((await admin.client.get('/api/me')).json()).toMatchObject({
      isOrganizationUser: true,
      teamOwnerId: owner.userId,
      role: 'admin',
      permissions: ['metrics', 'manageDigitalCards', 'readContacts', 'manageContacts', 'userManagement'],
    });
    await setPermissions(owner, { admin: ['readContacts'] });
    expect((await admin.client.get('/api/me')).json().permissions).toEqual(['readContacts']);
    const changed = await owner.client.patch(`/api/teams/members/${admin.memberId}`, { role: 'employee' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await admin.client.get('/api/me')).json()).toMatchObject({ role: 'employee', permissions: [] });
  });
});

describe('invitations', () => {
  it('are written in the language the inviter chose, else in the inviter’s own, and a resend keeps it', async () => {
    const owner = await teamsOwner(t, 'Olivia Owner');
    const mailTo = async (email: string) => {
      await t.services.jobs.runDue({ kinds: ['mail.send'] });
      return [...t.mail.sent].reverse().find((sent) => sent.to === email)!;
    };
    const french = await owner.client.post('/api/teams/members', { email: 'fleur@example.com', name: 'Fleur', role: 'admin', language: 'fr' });
    expect(french.statusCode, french.body).toBe(201);
    const frenchMail = await mailTo('fleur@example.com');
    expect(frenchMail.subject).toBe('Olivia Owner vous invite à rejoindre l’équipe de Olivia Owner');
    expect(frenchMail.text).toContain('en tant qu’administrateur');
    expect(frenchMail.html).toContain('<html lang="fr" dir="ltr">');

    const resent = await owner.client.post(`/api/teams/members/${french.json().member.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await mailTo('fleur@example.com')).subject).toBe('Olivia Owner vous invite à rejoindre l’équipe de Olivia Owner');

    expect((await owner.client.request('PUT', '/api/account/preferences', { language: 'de', timeZone: 'Europe/Berlin' })).statusCode).toBe(200);
    await invite(owner, 'max@example.com');
    expect((await mailTo('max@example.com')).subject).toBe('Olivia Owner lädt Sie ein, dem Team von Olivia Owner beizutreten');

    const refused = await owner.client.post('/api/teams/members', { email: 'x@example.com', name: 'X', role: 'employee', language: 'tlh' });
    expect(refused.statusCode).toBe(400);
  });

  it('mails a signed, expiring link; a new account accepts it and the record gets its timestamps', async () => {
    const owner = await teamsOwner(t, 'Olivia Owner');
    const invited = await invite(owner, 'New.Person@Example.com', 'employee', 'Nora New');
    expect(invited).toMatchObject({ status: 'pending' });
    const token = await invitationTokenFor(t, 'new.person@example.com');
    const mail = t.mail.sent.find((sent) => sent.to === 'new.person@example.com')!;
    expect(mail.subject).toBe('Olivia Owner invited you to join Olivia Owner’s team');
    expect(mail.text).toContain('as an employee');
    expect(mail.html).toContain(`http://localhost:3000/invite/${token}`);

    const anonymous = new TestClient(t.app);
    const preview = await anonymous.post('/api/teams/invitations/preview', { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      status: 'valid',
      message: '',
      email: 'new.person@example.com',
      role: 'employee',
      teamName: 'Olivia Owner’s team',
      teamOwnerName: 'Olivia Owner',
      inviterName: 'Olivia Owner',
      hasAccount: false,
    });
    expect((await anonymous.post('/api/teams/invitations/accept', { token })).statusCode).toBe(401);

    const nora = await person(t, 'Nora New', 'new.person@example.com');
    const before = Date.now();
    const accepted = await nora.client.post('/api/teams/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ teamOwnerId: owner.userId, role: 'employee' });
    // Accepting twice is harmless.
    expect((await nora.client.post('/api/teams/invitations/accept', { token })).statusCode).toBe(200);

    const list = await members(owner.client);
    expect(list.members).toHaveLength(1);
    const record = list.members[0]!;
    expect(record).toMatchObject({ email: 'new.person@example.com', name: 'Nora New', status: 'accepted', userId: nora.userId, invitationExpiresAt: null });
    expect(Date.parse(record.firstLoginAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(record.lastLoginAt).toBe(record.firstLoginAt);
    expect((await anonymous.post('/api/teams/invitations/preview', { token })).json()).toMatchObject({ status: 'accepted', message: 'This invitation has already been accepted.' });

    // A later sign-in moves the last login.
    const again = new TestClient(t.app);
    expect((await again.signIn(nora.email, nora.password)).statusCode).toBe(200);
    const after = (await members(owner.client)).members[0]!;
    expect(after.firstLoginAt).toBe(record.firstLoginAt);
    expect(after.lastLoginAt! >= record.lastLoginAt!).toBe(true);
  });

  it('lets an existing account accept and tells the accept page it has one', async () => {
    const owner = await teamsOwner(t);
    const existing = await person(t, 'Eve Existing');
    await invite(owner, existing.email);
    const token = await invitationTokenFor(t, existing.email);
    expect((await new TestClient(t.app).post('/api/teams/invitations/preview', { token })).json()).toMatchObject({ status: 'valid', hasAccount: true });
    expect((await existing.client.post('/api/teams/invitations/accept', { token })).statusCode).toBe(200);
    expect((await existing.client.get('/api/me')).json()).toMatchObject({ isOrganizationUser: true, teamOwnerId: owner.userId });
  });

  it('refuses a link for another email, an expired, a withdrawn, a resent (old) and a forged link with a clear message', async () => {
    const owner = await teamsOwner(t);
    const stranger = await person(t, 'Sam Stranger');
    const { id } = await invite(owner, 'invitee@example.com');
    const first = await invitationTokenFor(t, 'invitee@example.com');

    const wrongEmail = await stranger.client.post('/api/teams/invitations/accept', { token: first });
    expect(wrongEmail.statusCode).toBe(403);
    expect(wrongEmail.json().error).toMatchObject({
      code: 'invitation-other-email',
      message: 'This invitation was sent to invitee@example.com. Sign in with that email to accept it.',
    });

    const forged = `${first.slice(0, -43)}${'A'.repeat(43)}`;
    expect((await stranger.client.post('/api/teams/invitations/accept', { token: forged })).json().error).toMatchObject({
      code: 'invitation-invalid',
      message: 'This invitation link is not valid. Ask the team for a new invitation.',
    });
    expect((await new TestClient(t.app).post('/api/teams/invitations/preview', { token: forged })).json()).toMatchObject({ status: 'invalid', email: null });

    // Resend: a new link, the old one is withdrawn.
    expect((await owner.client.post(`/api/teams/members/${id}/resend`)).statusCode).toBe(200);
    const second = await invitationTokenFor(t, 'invitee@example.com');
    expect(second).not.toBe(first);
    const invitee = await person(t, 'Ivy Invitee', 'invitee@example.com');
    const old = await invitee.client.post('/api/teams/invitations/accept', { token: first });
    expect(old.statusCode).toBe(410);
    expect(old.json().error.message).toBe('This invitation was withdrawn. Ask the team for a new invitation.');

    // Expired: the link's week has passed.
    await t.services.database.db
      .updateTable('team_invitation')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('member_id', '=', id)
      .where('is_revoked', '=', 0)
      .execute();
    const expired = await invitee.client.post('/api/teams/invitations/accept', { token: second });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatchObject({ code: 'invitation-expired', message: 'This invitation has expired. Ask the team to send you a new one.' });

    // Withdrawn: revoke takes the person off the list and the link answers so.
    await owner.client.post(`/api/teams/members/${id}/resend`);
    const third = await invitationTokenFor(t, 'invitee@example.com');
    expect((await owner.client.post(`/api/teams/members/${id}/revoke`)).statusCode).toBe(200);
    expect((await members(owner.client)).members).toEqual([]);
    const revoked = await invitee.client.post('/api/teams/invitations/accept', { token: third });
    expect(revoked.json().error).toMatchObject({ code: 'invitation-revoked' });
    expect((await invitee.client.get('/api/me')).json().isOrganizationUser).toBe(false);
  });

  it('sets the link to expire after a week', async () => {
    const owner = await teamsOwner(t);
    const before = Date.now();
    await invite(owner, 'week@example.com');
    const list = await members(owner.client);
    const expiry = Date.parse(list.members[0]!.invitationExpiresAt!);
    expect(expiry - before).toBeGreaterThanOrEqual(invitationLifetimeMs - 1000);
    expect(expiry - before).toBeLessThanOrEqual(invitationLifetimeMs + 5000);
  });

  it('refuses duplicates, the owner’s own email, invalid input, and people already in another team', async () => {
    const owner = await teamsOwner(t);
    await invite(owner, 'dup@example.com');
    const duplicate = await owner.client.post('/api/teams/members', { email: 'DUP@example.com', name: 'Dup', role: 'admin' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields.email).toBe('dup@example.com is already in the team.');
    const own = await owner.client.post('/api/teams/members', { email: owner.email, name: 'Me', role: 'admin' });
    expect(own.json().error.fields.email).toBe('This is the team owner’s email.');
    const bad = await owner.client.post('/api/teams/members', { email: 'nope', name: '', role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ email: 'Enter a valid email address', name: 'Name is required', role: 'Choose admin or employee' });

    const otherOwner = await teamsOwner(t, 'Other Owner');
    const joined = await member(t, otherOwner);
    await invite(owner, joined.email);
    const token = await invitationTokenFor(t, joined.email);
    const refused = await joined.client.post('/api/teams/invitations/accept', { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('You are already a member of another team. Ask its owner to remove you before joining this one.');
  });

  it('counts seats against the Teams allowance', async () => {
    const owner = await teamsOwner(t, 'Small Team', 10);
    for (let index = 0; index < 9; index += 1) await invite(owner, `seat${index}@example.com`);
    expect((await members(owner.client)).usage).toEqual({ seatsUsed: 10, cardsUsed: 0, allowance: 10 });
    const full = await owner.client.post('/api/teams/members', { email: 'one-more@example.com', name: 'One More', role: 'employee' });
    expect(full.statusCode).toBe(403);
    expect(full.json().error.message).toBe('All 10 seats of your Teams plan are taken. Choose a larger team size to invite more people.');
  });
});

describe('the Teams card allowance', () => {
  it('counts the owner’s own cards and the members’ team cards together when the owner creates a card', async () => {
    const owner = await teamsOwner(t);
    const employee = await member(t, owner);
    // 9 member cards + 1 owner card fill the Teams 10 allowance; the owner's own count alone would allow 10 more.
    for (let index = 0; index < 9; index += 1) {
      const created = await owner.client.post('/api/teams/cards', { memberId: employee.memberId, name: `Member card ${index}` });
      expect(created.statusCode, created.body).toBe(201);
    }
    const tenth = await owner.client.post('/api/cards', { title: 'Owner card' });
    expect(tenth.statusCode, tenth.body).toBe(201);
    const eleventh = await owner.client.post('/api/cards', { title: 'One too many' });
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json().error.code).toBe('card-limit');
  });
});

describe('members and roles', () => {
  it('removes a member: their team cards stay with the team (they pass to the owner)', async () => {
    const owner = await teamsOwner(t);
    const employee = await member(t, owner);
    const created = await owner.client.post('/api/teams/cards', { memberId: employee.memberId, name: 'Mia Member', jobTitle: 'Designer' });
    expect(created.statusCode, created.body).toBe(201);
    const card = created.json().card;
    expect(card).toMatchObject({ ownerId: employee.userId, teamOwnerId: owner.userId, isDefault: true, jobTitle: 'Designer' });
    expect((await members(owner.client)).members[0]!.cardCount).toBe(1);

    const removed = await owner.client.delete(`/api/teams/members/${employee.memberId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ ok: true, cardsKept: 1 });
    expect((await employee.client.get('/api/me')).json()).toMatchObject({ isOrganizationUser: false, teamOwnerId: employee.userId });
    expect((await employee.client.get(`/api/cards/${card.id}`)).statusCode).toBe(404);
    const kept = await owner.client.get(`/api/cards/${card.id}`);
    expect(kept.json().card).toMatchObject({ ownerId: owner.userId, teamOwnerId: owner.userId, isDefault: false, username: card.username });
  });

  it('keeps a member’s team cards with the team when the member deletes their account; an owner’s deletion frees the members', async () => {
    const owner = await teamsOwner(t);
    const leaving = await member(t, owner);
    const staying = await member(t, owner, 'admin', 'Stay Admin');
    const leavingCard = (await owner.client.post('/api/teams/cards', { memberId: leaving.memberId, name: 'Leaving' })).json().card;
    const stayingCard = (await owner.client.post('/api/teams/cards', { memberId: staying.memberId, name: 'Staying' })).json().card;
    expect((await leaving.client.post('/api/account/delete', { password: leaving.password })).statusCode).toBe(200);
    expect((await owner.client.get(`/api/cards/${leavingCard.id}`)).json().card).toMatchObject({ ownerId: owner.userId, teamOwnerId: owner.userId });
    expect((await members(owner.client)).members.map((m) => m.id)).toEqual([staying.memberId]);

    expect((await owner.client.post('/api/account/delete', { password: owner.password })).statusCode).toBe(200);
    expect((await staying.client.get('/api/me')).json()).toMatchObject({ isOrganizationUser: false, teamOwnerId: staying.userId, role: 'owner' });
    expect((await staying.client.get(`/api/cards/${stayingCard.id}`)).json().card).toMatchObject({ ownerId: staying.userId, teamOwnerId: null });
  });

  it('keeps the title row unmarked and the rows in order; refuses anything else', async () => {
    const owner = await teamsOwner(t);
    const roles = (await owner.client.get('/api/teams/roles')).json();
    expect(roles.admin[0]).toEqual({ name: 'title', checked: false });
    expect(roles.employee.map((row: { name: string }) => row.name)).toEqual(['title', ...permissions]);
    const markedTitle = await owner.client.request('PUT', '/api/teams/roles', { ...roles, admin: [{ name: 'title', checked: true }, ...roles.admin.slice(1)] });
    expect(markedTitle.statusCode).toBe(400);
    expect(markedTitle.json().error.message).toContain('The title row cannot be checked');
    const shuffled = await owner.client.request('PUT', '/api/teams/roles', { ...roles, employee: [...roles.employee].reverse() });
    expect(shuffled.statusCode).toBe(400);
    expect(shuffled.json().error.message).toContain('Send the title row, then every permission once, in order');
  });

  it('refuses to change or remove your own membership', async () => {
    const owner = await teamsOwner(t);
    const admin = await member(t, owner, 'admin');
    expect((await admin.client.patch(`/api/teams/members/${admin.memberId}`, { role: 'employee' })).json().error.message).toBe(
      'You cannot change or remove your own membership here.',
    );
    expect((await admin.client.delete(`/api/teams/members/${admin.memberId}`)).statusCode).toBe(400);
  });
});

describe('team cards', () => {
  it('lists team cards whose owner is not the caller, with the member; managers edit and delete them through /api/cards', async () => {
    const owner = await teamsOwner(t);
    const admin = await member(t, owner, 'admin', 'Ann Admin');
    const employee = await member(t, owner, 'employee', 'Emil Employee');
    await owner.client.post('/api/cards', { name: 'Owner personal' });
    const forEmployee = (await owner.client.post('/api/teams/cards', { memberId: employee.memberId, name: 'Emil' })).json().card;
    const adminOwn = (await admin.client.post('/api/cards', { name: 'Ann own' })).json().card;
    expect(adminOwn.teamOwnerId).toBe(owner.userId);

    const ownerView = (await owner.client.get('/api/teams/cards')).json();
    expect(ownerView.cards.map((card: { id: string }) => card.id).sort()).toEqual([forEmployee.id, adminOwn.id].sort());
    expect(ownerView.cards.find((card: { id: string }) => card.id === forEmployee.id)).toMatchObject({
      member: { id: employee.memberId, name: 'Emil Employee' },
      isActive: true,
    });
    expect(ownerView.usage).toEqual({ seatsUsed: 3, cardsUsed: 3, allowance: 10 });

    const adminView = (await admin.client.get('/api/teams/cards')).json();
    expect(adminView.cards.map((card: { id: string }) => card.id)).toEqual([forEmployee.id]);

    const edited = await admin.client.patch(`/api/cards/${forEmployee.id}`, { jobTitle: 'Engineer' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await employee.client.get(`/api/cards/${forEmployee.id}`)).json().card.jobTitle).toBe('Engineer');
    // The employee (no manageDigitalCards) cannot reach the admin's card.
    expect((await employee.client.get(`/api/cards/${adminOwn.id}`)).statusCode).toBe(404);
    expect((await admin.client.delete(`/api/cards/${forEmployee.id}`)).statusCode).toBe(200);
    expect((await employee.client.get(`/api/cards/${forEmployee.id}`)).statusCode).toBe(404);
  });

  it('refuses a card for a pending member and beyond the allowance; only the newest cards up to it stay active, default first', async () => {
    const owner = await teamsOwner(t, 'Owner', 10);
    const pending = await invite(owner, 'later@example.com');
    const refused = await owner.client.post('/api/teams/cards', { memberId: pending.id, name: 'Later' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.memberId).toBe('Invited Person has not accepted the invitation yet. Their card can be made once they have.');

    const employee = await member(t, owner);
    const ids: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      const response = await owner.client.post('/api/teams/cards', { memberId: employee.memberId, name: `Card ${index}` });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().card.id);
    }
    const full = await owner.client.post('/api/teams/cards', { memberId: employee.memberId, name: 'Eleven' });
    expect(full.statusCode).toBe(403);
    expect(full.json().error.message).toBe('Your Teams plan allows 10 cards. Choose a larger team size to add more.');

    // A card_limitation of 3 (set at the provider) leaves the default and the two newest active.
    await t.services.database.db.updateTable('billing_subscription').set({ card_limitation: 3 }).where('user_id', '=', owner.userId).execute();
    const view = (await owner.client.get('/api/teams/cards')).json();
    const active = view.cards.filter((card: { isActive: boolean }) => card.isActive).map((card: { id: string }) => card.id);
    expect(active.sort()).toEqual([ids[0]!, ids[9]!, ids[8]!].sort());
    expect(view.usage.allowance).toBe(3);
  });

  it('lets the public page judge a member’s team cards by the team’s allowance, not the member’s own plan', async () => {
    const owner = await teamsOwner(t);
    const employee = await member(t, owner);
    const first = (await owner.client.post('/api/teams/cards', { memberId: employee.memberId, name: 'First' })).json().card;
    const second = (await owner.client.post('/api/teams/cards', { memberId: employee.memberId, name: 'Second' })).json().card;
    const db = t.services.database.db;
    const allowance = t.services.cardAllowance;
    // On Basic (registered today) the member alone could keep one card active.
    expect((await allowance.ofOwner(employee.userId)).blockedCardIds).toEqual([second.id]);
    expect(await allowance.blockedCardIdsOf(employee.userId)).toEqual([]);
    await db.updateTable('billing_subscription').set({ card_limitation: 1 }).where('user_id', '=', owner.userId).execute();
    // The first card is the member's default: it stays.
    expect(await allowance.blockedCardIdsOf(employee.userId)).toEqual([second.id]);
    expect(first.isDefault).toBe(true);
  });

  it('turns team mode off when the owner leaves Teams: no permission holds and the routes answer so', async () => {
    const owner = await teamsOwner(t);
    const admin = await member(t, owner, 'admin');
    await t.services.database.db.updateTable('user').set({ plan: 'basic' }).where('id', '=', owner.userId).execute();
    expect((await admin.client.get('/api/me')).json().permissions).toEqual([]);
    expect((await admin.client.get('/api/teams/cards')).statusCode).toBe(403);
    const ownerAnswer = await owner.client.get('/api/teams/members');
    expect(ownerAnswer.statusCode).toBe(403);
    expect(ownerAnswer.json().error.code).toBe('paid-feature');
  });
});

describe('bulk import', () => {
  async function upload(client: TestClient, body: Buffer, fileName: string) {
    const { body: payload, headers } = fileUpload(body, fileName);
    return client.request('POST', '/api/teams/imports', payload, headers);
  }

  async function finished(client: TestClient, jobId: string): Promise<ImportJob> {
    await t.services.jobs.runDue({ kinds: ['teams.import'] });
    const response = await client.get(`/api/teams/imports/${jobId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().job;
  }

  it('imports a CSV row by row with a report, and the same file again creates nothing', async () => {
    const owner = await teamsOwner(t, 'Importer', 25);
    const file = csvFile([
      ['Email', 'Name', 'Role', 'Job title', 'Phone'],
      ['ana@example.com', 'Ana', 'admin', 'Lead', '+1 555 0100'],
      ['bo@example.com', 'Bo', '', 'Engineer', ''],
      ['not-an-email', 'Cy', '', '', ''],
      ['', '', '', '', ''],
      ['ANA@example.com', 'Ana again', '', '', ''],
      ['di@example.com', 'Di', 'boss', '', 'call me'],
    ]);
    const started = await upload(owner.client, file, 'team.csv');
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().job).toMatchObject({ status: 'queued', totalRows: 5, processedRows: 0 });
    const job = await finished(owner.client, started.json().job.id);
    expect(job).toMatchObject({ status: 'done', totalRows: 5, processedRows: 5, createdCount: 2, skippedCount: 0, rejectedCount: 3 });
    expect(job.rows).toEqual([
      { row: 2, email: 'ana@example.com', outcome: 'created', message: 'Invited. Their card is made when they accept.' },
      { row: 3, email: 'bo@example.com', outcome: 'created', message: 'Invited. Their card is made when they accept.' },
      { row: 4, email: 'not-an-email', outcome: 'rejected', message: 'Email: Enter a valid email address' },
      { row: 6, email: 'ana@example.com', outcome: 'rejected', message: 'The same email is already on row 2.' },
      { row: 7, email: 'di@example.com', outcome: 'rejected', message: 'Role: Role must be admin or employee; Phone: Enter a valid phone number' },
    ]);
    const list = await members(owner.client);
    expect(list.members.map((m) => [m.email, m.role, m.status])).toEqual([
      ['ana@example.com', 'admin', 'pending'],
      ['bo@example.com', 'employee', 'pending'],
    ]);

    const again = await finished(owner.client, (await upload(owner.client, file, 'team.csv')).json().job.id);
    expect(again).toMatchObject({ createdCount: 0, skippedCount: 2, rejectedCount: 3 });
    expect((await members(owner.client)).members).toHaveLength(2);

    // Accepting makes the imported card, owned by the member and held by the team.
    const token = await invitationTokenFor(t, 'ana@example.com');
    const ana = await person(t, 'Ana', 'ana@example.com');
    expect((await ana.client.post('/api/teams/invitations/accept', { token })).statusCode).toBe(200);
    const cards = (await ana.client.get('/api/cards')).json().cards;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ name: 'Ana', jobTitle: 'Lead', teamOwnerId: owner.userId, isDefault: true });
    const third = await finished(owner.client, (await upload(owner.client, file, 'team.csv')).json().job.id);
    expect(third).toMatchObject({ createdCount: 0, skippedCount: 2 });
    expect((await ana.client.get('/api/cards')).json().cards).toHaveLength(1);
  });

  it('reads .xlsx files, serves both templates, and answers a wrong file in the request', async () => {
    const owner = await teamsOwner(t, 'Excel Owner', 25);
    const csvTemplate = await owner.client.get('/api/teams/import-template/csv');
    expect(csvTemplate.statusCode).toBe(200);
    expect(csvTemplate.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvTemplate.body).toContain('Email,Name,Role,Card title,Job title,Company,Phone,Address,Description');
    const xlsxTemplate = await owner.client.get('/api/teams/import-template/xlsx');
    expect(xlsxTemplate.statusCode).toBe(200);
    expect(xlsxTemplate.headers['content-disposition']).toBe('attachment; filename="team-import-template.xlsx"');

    // The template itself, filled in, imports.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsxTemplate.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    sheet.getRow(2).getCell(1).value = { text: 'excel@example.com', hyperlink: 'mailto:excel@example.com' };
    sheet.addRow(['second@example.com', 'Second Person', 'employee', '', 'Tester', '', 442079460000]);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const job = await finished(owner.client, (await upload(owner.client, filled, 'members.xlsx')).json().job.id);
    expect(job.rows.map((row) => [row.email, row.outcome])).toEqual([
      ['excel@example.com', 'created'],
      ['second@example.com', 'created'],
    ]);

    const noHeader = await upload(owner.client, csvFile([['Mail', 'Who'], ['a@example.com', 'A']]), 'x.csv');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().error.message).toBe('The header row lacks the columns Email, Name. Download the template to see the columns.');
    const wrongType = await upload(owner.client, Buffer.from('%PDF-1.4'), 'x.pdf');
    expect(wrongType.json().error.message).toBe('Upload an Excel (.xlsx) or CSV (.csv) file.');
    const broken = await upload(owner.client, Buffer.from('PK\u0003\u0004broken'), 'x.xlsx');
    expect(broken.json().error.message).toBe('The file could not be read. Save it again as .xlsx or .csv and upload it again.');
    const empty = await upload(owner.client, csvFile([['Email', 'Name']]), 'x.csv');
    expect(empty.json().error.message).toBe('The file has no rows below its header.');
  });

  it('rejects the rows beyond the seats of the plan', async () => {
    const owner = await teamsOwner(t, 'Tight Team', 10);
    const rows = [['Email', 'Name'], ...Array.from({ length: 11 }, (_, index) => [`p${index}@example.com`, `Person ${index}`])];
    const job = await finished(owner.client, (await upload(owner.client, csvFile(rows), 'team.csv')).json().job.id);
    expect(job).toMatchObject({ createdCount: 9, rejectedCount: 2 });
    expect(job.rows.at(-1)).toMatchObject({ outcome: 'rejected', message: 'All 10 seats of your Teams plan are taken. Choose a larger team size to invite more people.' });
  });

  it('keeps its progress in the database: an import whose run stopped is picked up where it stood by the next run', async () => {
    const owner = await teamsOwner(t, 'Resumer', 25);
    const file = csvFile([['Email', 'Name'], ...Array.from({ length: 15 }, (_, index) => [`r${index}@example.com`, `R ${index}`])]);
    const { id } = (await upload(owner.client, file, 'team.csv')).json().job;
    const done = await finished(owner.client, id);
    expect(done).toMatchObject({ status: 'done', processedRows: 15, createdCount: 15 });
    // As if a process had taken the job, reported the first 10 rows and died: the engine runs the job again.
    await t.services.database.db
      .updateTable('team_import_job')
      .set({
        status: 'running',
        held_by: 'a run that died',
        processed_rows: 10,
        created_count: 10,
        report: JSON.stringify(done.rows.slice(0, 10)),
        finished_at: null,
      })
      .where('id', '=', id)
      .execute();
    // The run that died cannot write any more once another run holds the import.
    const lateRun = { processed_rows: 15, created_count: 0, skipped_count: 0, rejected_count: 0, report: '[]', updated_at: new Date().toISOString() };
    await t.services.jobs.enqueue(t.services.database.db, 'teams.import', { importId: id });
    const resumed = await finished(owner.client, id);
    const connection: AnyConnection = t.services.database.db;
    expect(await saveImportProgress(connection, id, 'a run that died', lateRun)).toBe(false);
    // Rows 11-15 ran again: already invited, so nothing doubled.
    expect(resumed).toMatchObject({ status: 'done', processedRows: 15, createdCount: 10, skippedCount: 5 });
    expect(resumed.rows.map((row) => row.row)).toEqual(Array.from({ length: 15 }, (_, index) => index + 2));
    expect((await members(owner.client)).members).toHaveLength(15);
  });
});
