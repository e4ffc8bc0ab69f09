/*
 * The security review's findings that are not about sign-in: each block fails without its fix.
 */
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { usernameQuarantineDays } from '@cardstack/shared/cards/username';
import { importFileMessages, maxImportRows } from '@cardstack/shared/teams/import-rows';
import { columnTypes } from '../src/db/migrations/column-types';
import { buyPro } from './billing-support';
import { craftedXlsx, xlsxRow } from './crafted-xlsx';
import { fileUpload } from './multipart';
import { csvFile, invitationTokenFor, invite, member, person, setPermissions, teamsOwner } from './teams-support';
import { createTestApp, TestClient, type TestApp } from './test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const db = () => t.services.database.db;
const visit = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });

async function owner() {
  const client = new TestClient(t.app);
  const account = await client.register({ name: 'Owner Person' });
  return { client, ...account };
}

async function createCard(client: TestClient, body: Record<string, unknown> = {}): Promise<Card> {
  const response = await client.post('/api/cards', { title: 'Work card', name: 'Ada Lovelace', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card;
}

async function uploadFile(client: TestClient, cardId: string, content: Buffer | string, name: string): Promise<Card> {
  const upload = fileUpload(content, name, 'application/octet-stream');
  const response = await client.request('POST', `/api/cards/${cardId}/files`, upload.body, upload.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().card;
}

describe('downloaded files are named for their detected type', () => {
  it('gives the detected type’s extension, never the uploader’s', async () => {
    const { client } = await owner();
    await buyPro(client); // attachments are a paid feature
    const card = await createCard(client);
    const withFile = await uploadFile(client, card.id, '%PDF-1.7 not really a page', 'price-list.html');
    const file = withFile.downloadableFiles[0]!;
    expect(file.name).toBe('price-list.pdf');

    const download = await visit(`/id/${card.id}/f/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="price-list.pdf"');
  });

  it('renames a name stored before the rule at download time', async () => {
    const { client } = await owner();
    await buyPro(client);
    const card = await createCard(client);
    const withFile = await uploadFile(client, card.id, 'plain words', 'notes.txt');
    const files = withFile.downloadableFiles.map((file) => ({ ...file, name: 'notes.svg' }));
    await db().updateTable('card').set({ downloadable_files: JSON.stringify(files), version: withFile.version + 1 }).where('id', '=', card.id).execute();
    t.services.publicCard.onCardChanged({ cardId: card.id, ownerId: card.ownerId, kind: 'saved' });

    const download = await visit(`/id/${card.id}/f/${files[0]!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="notes.txt"');
  });
});

describe('blocked cards’ files', () => {
  it('are not served to visitors; the owner still sees them', async () => {
    const { client } = await owner();
    const checkout = await client.post('/api/billing/checkout', { plan: 'subscribed', period: 'month' });
    expect((await client.request('POST', `${new URL(checkout.json().url).pathname}/complete`)).statusCode).toBe(303);
    await createCard(client, { title: 'Kept' });
    const blocked = await createCard(client, { title: 'Over the limit' });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const image = fileUpload(png, 'me.png', 'image/png');
    const withImage = await client.request('POST', `/api/cards/${blocked.id}/images/profile`, image.body, image.headers);
    expect(withImage.statusCode, withImage.body).toBe(200);
    const withFile = await uploadFile(client, blocked.id, '%PDF-1.7 secret', 'secret.pdf');
    const urls = [withImage.json().card.profilePicture.url as string, withFile.downloadableFiles[0]!.url];
    for (const url of urls) expect((await visit(url)).statusCode).toBe(200);

    // Back to Basic at the end of the trial: one card stays active, the newer one is blocked.
    await client.post('/api/billing/cancel-at-period-end');
    expect((await client.post('/api/billing/test-clock', { days: 8 })).statusCode).toBe(200);
    expect((await client.get('/api/billing/card-access')).json()).toMatchObject({ blockedCardIds: [blocked.id] });
    t.services.publicCard.onCardChanged({ cardId: blocked.id, ownerId: blocked.ownerId, kind: 'saved' });

    for (const url of urls) {
      const response = await visit(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('secret');
    }
    for (const url of urls) expect((await client.get(url)).statusCode).toBe(200);
    const stranger = new TestClient(t.app);
    await stranger.register();
    for (const url of urls) expect((await stranger.get(url)).statusCode).toBe(404);
  });
});

describe('link URLs are stored in their normalised WHATWG form', () => {
  const links = [
    { kind: 'website', url: 'bücher.de', label: '' },
    { kind: 'empty', url: 'https://example.com/łódź/€', label: 'Non-Latin path' },
    { kind: 'empty', url: 'https://пример.рф/путь?q=ä', label: 'IDN' },
  ];
  const stored = ['https://xn--bcher-kva.de/', 'https://example.com/%C5%82%C3%B3d%C5%BA/%E2%82%AC', 'https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C?q=%C3%A4'];

  it('accepts international domain names and non-Latin paths, and every click redirects', async () => {
    const { client } = await owner();
    const card = await createCard(client, { links });
    expect(card.links.map((link) => link.url)).toEqual(stored);

    const html = (await visit(`/id/${card.id}/`)).body;
    const paths = [...html.matchAll(/href="(\/id\/[^/]+\/l\/[^"]+)"/g)].map((match) => match[1]!);
    expect(paths).toHaveLength(3);
    for (const [index, path] of paths.entries()) {
      const click = await visit(path);
      expect(click.statusCode).toBe(302);
      expect(click.headers.location).toBe(stored[index]);
    }
  });

  it('never answers 500 for a link stored raw before the rule', async () => {
    const { client } = await owner();
    const card = await createCard(client, { links: [{ kind: 'empty', url: 'https://example.com/', label: 'x' }] });
    await db()
      .updateTable('card')
      .set({ links: JSON.stringify([{ kind: 'empty', url: 'https://example.com/łódź/€', label: 'Old' }]), version: card.version + 1 })
      .where('id', '=', card.id)
      .execute();
    t.services.publicCard.onCardChanged({ cardId: card.id, ownerId: card.ownerId, kind: 'saved' });
    const html = (await visit(`/id/${card.id}/`)).body;
    const [path] = [...html.matchAll(/href="(\/id\/[^/]+\/l\/[^"]+)"/g)].map((match) => match[1]!);
    const click = await visit(path!);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(stored[1]);
  });
});

describe('bulk import reads spreadsheets in bounded memory', () => {
  async function upload(client: TestClient, body: Buffer, fileName: string) {
    const { body: payload, headers } = fileUpload(body, fileName);
    return client.request('POST', '/api/teams/imports', payload, headers);
  }

  it('refuses a zip bomb without inflating it whole, and stores nothing', async () => {
    const owner = await teamsOwner(t, 'Importer');
    // One cell of 64 MB of spaces (past the 40 MB cap): some 64 kB compressed.
    const megabyte = ' '.repeat(1024 * 1024);
    function* rows() {
      yield xlsxRow(1, ['Email', 'Name']);
      yield '<row r="2"><c t="inlineStr"><is><t>';
      for (let index = 0; index < 64; index += 1) yield megabyte;
      yield '</t></is></c></row>';
    }
    const bomb = await craftedXlsx(rows());
    expect(bomb.length).toBeLessThan(256 * 1024);

    const before = process.memoryUsage().rss;
    const started = Date.now();
    const response = await upload(owner.client, bomb, 'members.xlsx');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(importFileMessages.unreadable);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(await db().selectFrom('team_import_job').selectAll().execute()).toEqual([]);
  });

  it('stops at the row cap, keeps only the first columns, and reads a normal crafted sheet', async () => {
    const owner = await teamsOwner(t, 'Importer', 25);
    function* tooMany() {
      yield xlsxRow(1, ['Email', 'Name']);
      for (let row = 2; row <= maxImportRows + 2; row += 1) yield xlsxRow(row, [`p${row}@example.com`, `Person ${row}`]);
    }
    const many = await upload(owner.client, await craftedXlsx(tooMany()), 'members.xlsx');
    expect(many.statusCode, many.body).toBe(400);
    expect(many.json().error.message).toBe(importFileMessages.tooManyRows);

    // A row of 100,000 cells: the header's columns are read, the rest is never kept.
    const wide = ['Email', 'Name', ...Array.from({ length: 100_000 }, (_, index) => `x${index}`)];
    const crafted = await craftedXlsx([xlsxRow(1, wide), xlsxRow(2, ['wide@example.com', 'Wide Person'])]);
    const accepted = await upload(owner.client, crafted, 'members.xlsx');
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json().job.totalRows).toBe(1);
  });
});

describe('team contacts: read and manage are separate permissions', () => {
  async function teamWithLead() {
    const owner = await teamsOwner(t);
    const employee = await member(t, owner, 'employee', 'Erin Employee');
    const colleague = await member(t, owner, 'employee', 'Cole Colleague');
    const card = await createCard(colleague.client, { title: 'Team card' });
    await db().updateTable('card').set({ team_owner_id: owner.userId }).where('id', '=', card.id).execute();
    const lead = await t.app.inject({
      method: 'POST',
      url: `/id/${card.id}/lead`,
      remoteAddress: '198.51.100.7',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: JSON.stringify({ name: 'Lena Lead', email: 'lena@example.com' }),
    });
    expect([200, 201], lead.body).toContain(lead.statusCode);
    const [row] = await db().selectFrom('contact').select(['id']).where('card_id', '=', card.id).execute();
    return { owner, employee, colleague, card, leadId: row!.id };
  }

  it('readContacts shows the team’s leads but does not change them; manageContacts does', async () => {
    const { owner, employee, leadId } = await teamWithLead();
    await setPermissions(owner, { employee: ['readContacts'] });
    expect((await employee.client.get(`/api/contacts/${leadId}`)).statusCode).toBe(200);
    expect((await employee.client.patch(`/api/contacts/${leadId}`, { notes: 'changed' })).statusCode).toBe(404);
    expect((await employee.client.delete(`/api/contacts/${leadId}`)).statusCode).toBe(404);
    expect((await db().selectFrom('contact').select('notes').where('id', '=', leadId).executeTakeFirstOrThrow()).notes).toBe('');

    await setPermissions(owner, { employee: ['readContacts', 'manageContacts'] });
    expect((await employee.client.patch(`/api/contacts/${leadId}`, { notes: 'changed' })).statusCode).toBe(200);
    expect((await employee.client.delete(`/api/contacts/${leadId}`)).statusCode).toBe(200);
  });

  it('migrates a stored `contacts` permission to both', async () => {
    const { contactPermissionsSplit } = await import('../src/db/migrations/0026-contact-permissions-split');
    const owner = await teamsOwner(t);
    await setPermissions(owner, { admin: ['metrics'] });
    await db()
      .updateTable('team_roles')
      .set({ admin: JSON.stringify([{ name: 'title', checked: false }, { name: 'contacts', checked: true }]), employee: JSON.stringify([{ name: 'contacts', checked: false }]) })
      .where('team_owner_id', '=', owner.userId)
      .execute();
    await contactPermissionsSplit(columnTypes(t.services.database.dialect)).up(db() as never);
    const roles = (await owner.client.get('/api/teams/roles')).json() as Record<string, { name: string; checked: boolean }[]>;
    const checked = (list: { name: string; checked: boolean }[]) => list.filter((row) => row.checked).map((row) => row.name);
    expect(checked(roles.admin!)).toEqual(['readContacts', 'manageContacts']);
    expect(checked(roles.employee!)).toEqual([]);
  });

  it('leads on team cards stay with the team when the member is removed or deletes their account', async () => {
    const { owner, colleague, leadId } = await teamWithLead();
    expect((await owner.client.delete(`/api/teams/members/${colleague.memberId}`)).statusCode).toBe(200);
    const afterRemoval = await db().selectFrom('contact').select(['owner_id', 'team_owner_id']).where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(afterRemoval).toEqual({ owner_id: owner.userId, team_owner_id: owner.userId });
    expect((await colleague.client.get(`/api/contacts/${leadId}`)).statusCode).toBe(404);
    expect((await owner.client.get(`/api/contacts/${leadId}`)).statusCode).toBe(200);

    const second = await teamWithLead();
    const deleted = await second.colleague.client.post('/api/account/delete', { password: second.colleague.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const kept = await db().selectFrom('contact').select(['owner_id']).where('id', '=', second.leadId).executeTakeFirst();
    expect(kept).toEqual({ owner_id: second.owner.userId });
  });
});

describe('granting admin', () => {
  it('takes the owner or a holder of `roles`, not just user management', async () => {
    const owner = await teamsOwner(t, 'Olivia Owner', 25);
    const manager = await member(t, owner, 'admin', 'Manny Manager');
    const employee = await member(t, owner, 'employee', 'Erin Employee');
    // Defaults: admins have user management but not roles.
    const invited = await manager.client.post('/api/teams/members', { email: 'new-admin@example.com', name: 'New', role: 'admin' });
    expect(invited.statusCode).toBe(403);
    const promoted = await manager.client.patch(`/api/teams/members/${employee.memberId}`, { role: 'admin' });
    expect(promoted.statusCode).toBe(403);
    const file = csvFile([['Email', 'Name', 'Role'], ['a@example.com', 'A', 'employee'], ['b@example.com', 'B', 'admin']]);
    const { body, headers } = fileUpload(file, 'members.csv');
    const imported = await manager.client.request('POST', '/api/teams/imports', body, headers);
    expect(imported.statusCode).toBe(403);
    expect(imported.json().error.message).toContain('row 3');
    expect(await db().selectFrom('team_member').select('email').where('email', 'in', ['new-admin@example.com', 'a@example.com', 'b@example.com']).execute()).toEqual([]);
    expect((await db().selectFrom('team_member').select('role').where('id', '=', employee.memberId).executeTakeFirstOrThrow()).role).toBe('employee');
    // Employees may still be invited.
    expect((await manager.client.post('/api/teams/members', { email: 'new-employee@example.com', name: 'New', role: 'employee' })).statusCode).toBe(201);

    await setPermissions(owner, { admin: ['userManagement', 'roles'] });
    expect((await manager.client.patch(`/api/teams/members/${employee.memberId}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await owner.client.post('/api/teams/members', { email: 'owner-admin@example.com', name: 'O', role: 'admin' })).statusCode).toBe(201);
  });
});

describe('a freed username', () => {
  it('cannot be taken by another account for 30 days; its former holder may take it back', async () => {
    const { client } = await owner();
    const card = await createCard(client);
    expect((await client.request('PUT', `/api/cards/${card.id}/username`, { username: 'ada-lovelace' })).statusCode).toBe(200);
    expect((await client.request('PUT', `/api/cards/${card.id}/username`, { username: 'ada-l' })).statusCode).toBe(200);

    const other = new TestClient(t.app);
    await other.register();
    const theirs = await createCard(other);
    const taken = await other.request('PUT', `/api/cards/${theirs.id}/username`, { username: 'Ada-Lovelace' });
    expect(taken.statusCode).toBe(409);
    expect((await other.get(`/api/cards/username-availability?username=ada-lovelace`)).json()).toMatchObject({ isAvailable: false });

    // Deleting the card frees its name the same way.
    expect((await client.delete(`/api/cards/${card.id}`)).statusCode).toBe(200);
    expect((await other.request('PUT', `/api/cards/${theirs.id}/username`, { username: 'ada-l' })).statusCode).toBe(409);

    // The former holder may take it back.
    const again = await createCard(client);
    expect((await client.request('PUT', `/api/cards/${again.id}/username`, { username: 'ada-lovelace' })).statusCode).toBe(200);
    expect((await client.request('PUT', `/api/cards/${again.id}/username`, { username: 'ada-back' })).statusCode).toBe(200);

    // After 30 days anyone may.
    const past = new Date(Date.now() - (usernameQuarantineDays * 24 + 1) * 60 * 60_000).toISOString();
    await db().updateTable('released_username').set({ released_at: past }).execute();
    expect((await other.request('PUT', `/api/cards/${theirs.id}/username`, { username: 'ada-lovelace' })).statusCode).toBe(200);
  });
});

describe('invitation tokens', () => {
  it('are never stored in clear, in the outbox or anywhere else, and the mailed link still works', async () => {
    const owner = await teamsOwner(t);
    await invite(owner, 'newbie@example.com', 'employee', 'New Bie');
    const outbox = await db().selectFrom('mail_outbox').selectAll().where('template', '=', 'team-invitation').execute();
    expect(outbox).toHaveLength(1);

    const token = await invitationTokenFor(t, 'newbie@example.com');
    const signature = token.slice(-43);
    const everything = JSON.stringify([
      await db().selectFrom('mail_outbox').selectAll().execute(),
      await db().selectFrom('team_invitation').selectAll().execute(),
      await db().selectFrom('team_member').selectAll().execute(),
      await db().selectFrom('error_log').selectAll().execute(),
    ]);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(signature);
    expect(everything).not.toContain('/invite/');

    const joined = await person(t, 'New Bie', 'newbie@example.com');
    expect((await joined.client.post('/api/teams/invitations/accept', { token })).statusCode).toBe(200);
  });

  it('are never logged', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) }));
    // With the access log on: every request is a line, and none may carry the token.
    const logged = await createTestApp({ ACCESS_LOG: 'true' }, { logger });
    try {
      const owner = await teamsOwner(logged);
      await invite(owner, 'logged@example.com');
      const token = await invitationTokenFor(logged, 'logged@example.com');
      await logged.app.inject({ method: 'GET', url: `/invite/${token}` });
      await logged.app.inject({ method: 'GET', url: `/invite/${token}?utm=x` });
      await new TestClient(logged.app).post('/api/teams/invitations/preview', { token });
      await new TestClient(logged.app).post('/api/teams/invitations/accept', { token });
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.join('\n')).toContain('/invite/[redacted]');
      expect(lines.join('\n')).not.toContain(token.slice(-43));
    } finally {
      await logged.close();
    }
  });
});

describe('account deletion', () => {
  it('removes the person’s data from the mail outbox', async () => {
    const leaving = await teamsOwner(t, 'Leaving Owner');
    await invite(leaving, 'invitee@example.com', 'employee', 'Invitee');
    const staying = await person(t, 'Staying Person');
    const before = await db().selectFrom('mail_outbox').select(['to', 'template']).execute();
    expect(before.map((row) => row.to)).toEqual(expect.arrayContaining([leaving.email, 'invitee@example.com', staying.email]));

    const deleted = await leaving.client.post('/api/account/delete', { password: leaving.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await db().selectFrom('mail_outbox').select(['to', 'data']).execute();
    expect(after.map((row) => row.to)).toEqual([staying.email]);
    expect(JSON.stringify(after)).not.toContain('Leaving Owner');
    expect(JSON.stringify(after)).not.toContain(leaving.userId);
  });

  it('is one transaction: a failure halfway leaves the account whole', async () => {
    const leaving = await person(t, 'Leaving Person');
    const card = await createCard(leaving.client, { title: 'Stays' });
    await leaving.client.post('/api/contacts', { name: 'A Contact', email: 'contact@example.com' });
    // The contacts step fails after the cards step ran.
    if (t.services.database.dialect === 'sqlite') {
      await sql`create trigger fail_contact_delete before delete on contact begin select raise(abort, 'contact delete failed'); end`.execute(db());
    } else {
      await sql`create function fail_contact_delete() returns trigger language plpgsql as $$ begin raise exception 'contact delete failed'; end $$`.execute(db());
      await sql`create trigger fail_contact_delete before delete on contact for each row execute function fail_contact_delete()`.execute(db());
    }
    const failed = await leaving.client.post('/api/account/delete', { password: leaving.password });
    expect(failed.statusCode).toBe(500);
    expect(await db().selectFrom('user').select('id').where('id', '=', leaving.userId).executeTakeFirst()).toBeDefined();
    expect(await db().selectFrom('card').select('id').where('id', '=', card.id).executeTakeFirst()).toBeDefined();
    expect((await leaving.client.get(`/api/cards/${card.id}`)).statusCode).toBe(200);
    expect(await db().selectFrom('mail_outbox').select('id').where('to', '=', leaving.email).execute()).not.toEqual([]);
    await db().deleteFrom('error_log').execute();
  });
});
