import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import type { Contact, ContactListResponse, ContactSummary } from '@cardstack/shared/contacts/schemas';
import type { AnyConnection } from '../src/db/schema';
import { createLead } from '../src/modules/contacts/contact-leads';
import { insertContact } from '../src/modules/contacts/contact-repository';
import { createMailOutbox } from '../src/modules/mail/outbox';
import { multipartBody } from './multipart';
import { createTestApp, TestClient, testOrigin, type TestApp } from './test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const db = () => t.services.database.db;

async function signedIn(ip?: string) {
  const client = new TestClient(t.app, ip);
  const account = await client.register({ name: 'Owner Person' });
  return { client, ...account };
}

async function createCard(client: TestClient, body: Record<string, unknown> = {}): Promise<Card> {
  const response = await client.post('/api/cards', { title: 'Work card', name: 'Card Person', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card;
}

/** A paid plan the way a person gets one: through the built-in local provider's test checkout. */
async function subscribe(client: TestClient, plan: 'subscribed' | 'team') {
  const checkout = await client.post('/api/billing/checkout', plan === 'team' ? { plan, period: 'month', size: 10 } : { plan, period: 'month' });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const completed = await client.request('POST', `${new URL(checkout.json().url).pathname}/complete`);
  expect(completed.statusCode, completed.body).toBe(303);
  expect((await client.get('/api/me')).json().plan).toBe(plan);
}

/** The stored plan only (what the team rule reads); export needs a real subscription (`subscribe`). */
async function setPlan(userId: string, plan: 'basic' | 'subscribed' | 'team') {
  await db().updateTable('user').set({ plan }).where('id', '=', userId).execute();
}

/** A lead at a given time, so orders are known. */
async function lead(cardId: string, input: Record<string, unknown>, at?: Date) {
  return createLead(db(), { cardId, input, outbox: createMailOutbox(t.services.jobs), ...(at ? { now: at } : {}) });
}

async function list(client: TestClient, query: Record<string, string | number> = {}): Promise<ContactListResponse> {
  const response = await client.get(`/api/contacts?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function listAll(client: TestClient, query: Record<string, string | number> = {}): Promise<ContactSummary[]> {
  const all: ContactSummary[] = [];
  let cursor: string | null = null;
  do {
    const page: ContactListResponse = await list(client, { ...query, ...(cursor ? { cursor } : {}) });
    all.push(...page.contacts);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

async function outbox(to: string) {
  return db().selectFrom('mail_outbox').selectAll().where('to', '=', to).where('template', '=', 'new-lead').execute();
}

const minute = 60_000;
const base = Date.parse('2025-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(base + minutes * minute);

describe('createLead', () => {
  it('gives the card owner a lead and queues the new-lead email in the same transaction', async () => {
    const { client, userId, email } = await signedIn();
    const card = await createCard(client);
    const result = await lead(card.id, {
      name: 'Vera Visitor',
      email: 'vera@example.com',
      phone: '+44 20 7946 0000',
      company: 'Acme',
      message: 'Call me about the offer',
      consent: true,
      consentText: 'I agree that my details are stored.',
    });
    expect(result.message).toBe('Thank you for submitting the form!');
    expect(result.contactId).toEqual(expect.any(String));

    const detail = await client.get(`/api/contacts/${result.contactId}`);
    expect(detail.statusCode).toBe(200);
    const contact: Contact = detail.json().contact;
    expect(contact).toMatchObject({
      ownerId: userId,
      teamOwnerId: null,
      cardId: card.id,
      cardName: 'Work card',
      kind: 'lead',
      manualAdd: false,
      name: 'Vera Visitor',
      email: 'vera@example.com',
      message: 'Call me about the offer',
      notes: '',
      consentText: 'I agree that my details are stored.',
    });
    expect(contact.consentAt).toBe(contact.createdAt);
    expect(detail.json().card).toEqual({ id: card.id, username: card.username, name: 'Work card' });

    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(JSON.parse(mails[0]!.data)).toMatchObject({ contactId: result.contactId, cardName: 'Work card', lead: { name: 'Vera Visitor' } });

    await t.services.jobs.runDue({ kinds: ['mail.send'] });
    const sent = t.mail.sent.find((mail) => mail.to === email && mail.subject.startsWith('New lead'));
    expect(sent?.subject).toBe('New lead: Vera Visitor');
    expect(sent?.text).toContain(`${testOrigin}/contacts?contact=${result.contactId}`);
    expect(sent?.html).toContain('Call me about the offer');
  });

  it('does not queue the email when the owner turned it off, and answers with the card’s custom message', async () => {
    const { client, email } = await signedIn();
    const card = await createCard(client, { leadForm: { isEnabled: true, thankYouMessage: 'Thanks, talk soon!' } });
    expect((await client.get('/api/account/notifications')).json()).toEqual({ isNewLeadEmailOn: true });
    const off = await client.request('PUT', '/api/account/notifications', { isNewLeadEmailOn: false });
    expect(off.json()).toEqual({ isNewLeadEmailOn: false });
    expect((await client.get('/api/account/notifications')).json()).toEqual({ isNewLeadEmailOn: false });

    const result = await lead(card.id, { name: 'Quiet Lead', consent: false, consentText: 'ignored' });
    expect(result.message).toBe('Thanks, talk soon!');
    expect(await outbox(email)).toHaveLength(0);
    const contact: Contact = (await client.get(`/api/contacts/${result.contactId}`)).json().contact;
    expect(contact).toMatchObject({ consentText: null, consentAt: null });

    await client.request('PUT', '/api/account/notifications', { isNewLeadEmailOn: true });
    await lead(card.id, { email: 'loud@example.com' });
    expect(await outbox(email)).toHaveLength(1);
  });

  it('stores nothing for a filled honeypot, refuses bad input, unknown cards and switched-off forms', async () => {
    const { client, email } = await signedIn();
    const card = await createCard(client);
    expect(await lead(card.id, { name: 'Bot', website: 'http://spam.example' })).toEqual({ contactId: null, message: 'Thank you for submitting the form!' });
    expect((await list(client)).total).toBe(0);
    expect(await outbox(email)).toHaveLength(0);

    await expect(lead(card.id, { name: '', email: '' })).rejects.toMatchObject({ statusCode: 400, fields: { name: 'Enter a name or an email' } });
    await expect(lead(card.id, { email: 'not-an-email' })).rejects.toMatchObject({ statusCode: 400, fields: { email: 'Enter a valid email address' } });
    await expect(lead('no-such-card', { name: 'X' })).rejects.toMatchObject({ statusCode: 404 });
    await client.patch(`/api/cards/${card.id}`, { leadForm: { isEnabled: false, thankYouMessage: '' } });
    await expect(lead(card.id, { name: 'X' })).rejects.toMatchObject({ statusCode: 403, code: 'lead-form-off' });
  });

  it('keeps the team owner id only when the card owner is on the team plan', async () => {
    const { client, userId } = await signedIn();
    const card = await createCard(client);
    const basicLead = await lead(card.id, { name: 'On basic' });
    await setPlan(userId, 'team');
    const teamLead = await lead(card.id, { name: 'On team' });
    const read = async (id: string | null) => (await client.get(`/api/contacts/${id}`)).json().contact as Contact;
    expect((await read(basicLead.contactId)).teamOwnerId).toBeNull();
    // A user without a team record is their own team owner.
    expect((await read(teamLead.contactId)).teamOwnerId).toBe(userId);
  });
});

describe('manual contacts', () => {
  it('adds, reads, edits notes and fields, and deletes one; validation errors name the field', async () => {
    const { client, userId } = await signedIn();
    const card = await createCard(client);
    const empty = await client.post('/api/contacts', { company: 'Only company' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ name: 'Enter a name or an email' });
    const badEmail = await client.post('/api/contacts', { name: 'X', email: 'nope' });
    expect(badEmail.json().error.fields).toEqual({ email: 'Enter a valid email address' });
    const tooLong = await client.post('/api/contacts', { name: 'x'.repeat(101) });
    expect(tooLong.json().error.fields).toEqual({ name: 'Name must be at most 100 characters' });

    const created = await client.post('/api/contacts', { name: ' Mona Manual ', email: 'mona@example.com', cardId: card.id });
    expect(created.statusCode, created.body).toBe(201);
    const contact: Contact = created.json().contact;
    expect(contact).toMatchObject({ ownerId: userId, name: 'Mona Manual', kind: 'manual', manualAdd: true, cardId: card.id, cardName: 'Work card', teamOwnerId: null });

    const edited = await client.patch(`/api/contacts/${contact.id}`, { notes: 'Met at the fair', company: 'Mona Co' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().contact).toMatchObject({ notes: 'Met at the fair', company: 'Mona Co', name: 'Mona Manual' });
    const blanked = await client.patch(`/api/contacts/${contact.id}`, { name: '', email: '' });
    expect(blanked.statusCode).toBe(400);
    expect(blanked.json().error.fields).toEqual({ name: 'Enter a name or an email' });
    expect((await client.patch(`/api/contacts/${contact.id}`, { email: '' })).statusCode).toBe(200);

    expect((await client.delete(`/api/contacts/${contact.id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/contacts/${contact.id}`)).statusCode).toBe(404);
  });

  it('bulk deletes, all or nothing', async () => {
    const { client } = await signedIn();
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await client.post('/api/contacts', { name })).json().contact.id);
    const partly = await client.post('/api/contacts/bulk-delete', { ids: [ids[0], 'unknown-id'] });
    expect(partly.statusCode).toBe(404);
    expect((await list(client)).total).toBe(3);
    const done = await client.post('/api/contacts/bulk-delete', { ids: [ids[0], ids[1], ids[1]] });
    expect(done.json()).toEqual({ deleted: 2 });
    expect((await list(client)).contacts.map((c) => c.name)).toEqual(['C']);
    expect((await client.post('/api/contacts/bulk-delete', { ids: [] })).statusCode).toBe(400);
  });

  it('downloads one contact as a vCard', async () => {
    const { client } = await signedIn();
    const { contact } = (await client.post('/api/contacts', { name: 'Zoë Doe, PhD', email: 'zoe@example.com', phone: '+1 555 0100', company: 'A; B' })).json();
    const response = await client.get(`/api/contacts/${contact.id}/vcard`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment; filename="Zoe-Doe-PhD.vcf"');
    expect(response.body).toContain('FN:Zoë Doe\\, PhD\r\n');
    expect(response.body).toContain('ORG:A\\; B\r\n');
    expect(response.body).toContain('EMAIL;TYPE=INTERNET,WORK:zoe@example.com');
  });

  it('keeps a lead, with its card name, when the card is deleted', async () => {
    const { client } = await signedIn();
    // Two cards: more than Basic allows a new account.
    await subscribe(client, 'subscribed');
    await createCard(client, { title: 'Main' });
    const card = await createCard(client, { title: 'Fair card' });
    const { contactId } = await lead(card.id, { name: 'Kept' });
    expect((await client.delete(`/api/cards/${card.id}`)).statusCode).toBe(200);
    const detail = (await client.get(`/api/contacts/${contactId}`)).json();
    expect(detail.contact).toMatchObject({ name: 'Kept', cardId: null, cardName: 'Fair card' });
    expect(detail.card).toBeNull();
  });
});

describe('listing', () => {
  it('pages newest first and stays stable when leads arrive between pages', async () => {
    const { client } = await signedIn();
    const card = await createCard(client);
    for (let i = 0; i < 7; i += 1) await lead(card.id, { name: `Lead ${i}` }, at(i));
    // Two with the same time: the id breaks the tie, so neither is lost or repeated.
    await lead(card.id, { name: 'Twin A' }, at(3));
    await lead(card.id, { name: 'Twin B' }, at(3));

    const first = await list(client, { pageSize: 3 });
    expect(first.total).toBe(9);
    expect(first.contacts.map((c) => c.name)).toEqual(['Lead 6', 'Lead 5', 'Lead 4']);
    // New leads arrive at the top while the user reads page one.
    await lead(card.id, { name: 'Newer 1' }, at(100));
    await lead(card.id, { name: 'Newer 2' }, at(101));
    const seen = [...first.contacts];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await list(client, { pageSize: 3, cursor });
      seen.push(...page.contacts);
      cursor = page.nextCursor;
    }
    const names = seen.map((c) => c.name);
    expect(names).toHaveLength(9);
    expect(new Set(names).size).toBe(9);
    expect(names.slice(0, 3)).toEqual(['Lead 6', 'Lead 5', 'Lead 4']);
    expect(names.slice(3, 6).sort()).toEqual(['Lead 3', 'Twin A', 'Twin B']);
    expect(names.slice(6)).toEqual(['Lead 2', 'Lead 1', 'Lead 0']);
    expect((await list(client, { pageSize: 3 })).total).toBe(11);
  });

  it('sorts oldest first and by name, paging through each', async () => {
    const { client } = await signedIn();
    const card = await createCard(client);
    const names = ['bravo', 'Alpha', 'charlie', 'Delta', 'echo'];
    for (const [i, name] of names.entries()) await lead(card.id, { name }, at(i));
    await lead(card.id, { email: 'aaron@example.com' }, at(10));
    expect((await listAll(client, { sort: 'oldest', pageSize: 2 })).map((c) => c.name || c.email)).toEqual([...names, 'aaron@example.com']);
    expect((await listAll(client, { sort: 'name', pageSize: 2 })).map((c) => c.name || c.email)).toEqual([
      'aaron@example.com',
      'Alpha',
      'bravo',
      'charlie',
      'Delta',
      'echo',
    ]);
    const wrongCursor = (await list(client, { sort: 'name', pageSize: 2 })).nextCursor!;
    const refused = await client.get(`/api/contacts?sort=newest&cursor=${wrongCursor}`);
    expect(refused.statusCode).toBe(400);
    expect((await client.get('/api/contacts?pageSize=101')).statusCode).toBe(400);
    expect((await client.get('/api/contacts?sort=sideways')).statusCode).toBe(400);
  });

  it('searches name, email, company and phone, ignoring case and treating wildcards as text', async () => {
    const { client } = await signedIn();
    const card = await createCard(client);
    await lead(card.id, { name: 'Zoë Åberg', email: 'zoe@north.example', company: 'Fjord AB', phone: '+46 (8) 123 45' });
    await lead(card.id, { name: 'Bob Builder', email: 'bob@build.example', company: '100% Tools', phone: '555-0100' });
    expect((await client.post('/api/contacts', { name: 'Carla', email: 'carla_x@y.example', company: 'Zoetrope' })).statusCode).toBe(201);
    const names = async (search: string) => (await list(client, { search, sort: 'name' })).contacts.map((c) => c.name);
    expect(await names('ZOË')).toEqual(['Zoë Åberg']);
    expect(await names('zoe')).toEqual(['Carla', 'Zoë Åberg']);
    expect(await names('BUILD.EXAMPLE')).toEqual(['Bob Builder']);
    expect(await names('fjord')).toEqual(['Zoë Åberg']);
    expect(await names('812345')).toEqual(['Zoë Åberg']);
    expect(await names('8 123 45')).toEqual(['Zoë Åberg']);
    expect(await names('5550100')).toEqual(['Bob Builder']);
    expect(await names('100%')).toEqual(['Bob Builder']);
    expect(await names('%')).toEqual(['Bob Builder']);
    expect(await names('a_x')).toEqual(['Carla']);
    expect(await names('aax')).toEqual([]);
    expect(await names('_')).toEqual(['Carla']);
    expect(await names('nobody')).toEqual([]);
    expect((await list(client, { search: 'zoe' })).total).toBe(2);
  });

  it('filters by card and by kind, and lists the cards for the filter', async () => {
    const { client } = await signedIn();
    // Two cards: more than Basic allows a new account.
    await subscribe(client, 'subscribed');
    const work = await createCard(client, { title: 'Work' });
    const home = await createCard(client, { title: '', name: 'Home Person' });
    await lead(work.id, { name: 'Work lead' });
    await lead(home.id, { name: 'Home lead' });
    await client.post('/api/contacts', { name: 'Manual one' });
    const names = async (query: Record<string, string>) => (await list(client, { ...query, sort: 'name' })).contacts.map((c) => c.name);
    expect(await names({ cardId: work.id })).toEqual(['Work lead']);
    expect(await names({ kind: 'lead' })).toEqual(['Home lead', 'Work lead']);
    expect(await names({ kind: 'manual' })).toEqual(['Manual one']);
    expect(await names({ kind: 'lead', cardId: home.id, search: 'home' })).toEqual(['Home lead']);
    expect(await names({ kind: '', cardId: '', search: '' })).toHaveLength(3);
    const cards = (await client.get('/api/contacts/cards')).json().cards;
    expect(cards).toEqual(
      expect.arrayContaining([
        { id: work.id, username: work.username, name: 'Work' },
        { id: home.id, username: home.username, name: 'Home Person' },
      ]),
    );
  });
});

/** The vCards of a file, as ical.js reads them (one jCard for a file of one, a list of them for more). */
function vcardsIn(text: string): ICAL.Component[] {
  const parsed = ICAL.parse(text) as unknown[];
  return (Array.isArray(parsed[0]) ? parsed : [parsed]).map((jCard) => new ICAL.Component(jCard as unknown[]));
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

describe('export', () => {
  it('is a paid feature: a Basic user gets 403 for CSV and Excel, and the gate follows the account’s plan', async () => {
    const { client, userId } = await signedIn();
    await client.post('/api/contacts', { name: 'A' });
    for (const format of ['csv', 'xlsx']) {
      const response = await client.get(`/api/contacts/export/${format}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'paid-feature', message: 'This is a Paid feature. Upgrade your account to use this feature.' });
    }
    expect((await client.get('/api/contacts/export/pdf')).statusCode).toBe(400);
    // One source of the plan: the gate follows the plan billing keeps on the account, the one /api/me shows.
    await setPlan(userId, 'subscribed');
    expect((await client.get('/api/me')).json().plan).toBe('subscribed');
    expect((await client.get('/api/contacts/export/csv')).statusCode).toBe(200);
  });

  it('writes the current filter as CSV with escaping and CSV injection neutralised', async () => {
    const { client } = await signedIn();
    await subscribe(client, 'subscribed');
    const card = await createCard(client, { title: 'Expo' });
    await lead(
      card.id,
      {
        name: '=HYPERLINK("http://evil.example","click")',
        email: 'evil@example.com',
        company: '+cmd|" /C calc"!A0',
        phone: '+49 30 1234',
        message: 'Hello, "friend"\nsecond line',
        consent: true,
        consentText: '@SUM(1+1)',
      },
      at(1),
    );
    await lead(card.id, { name: '-2+3', email: 'minus@example.com', company: 'Doe, Jane & Co' }, at(2));
    await client.post('/api/contacts', { name: 'Not in filter' });

    const response = await client.get('/api/contacts/export/csv?kind=lead&sort=oldest');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\uFEFFName,Email,Phone,Company,Job title,Kind,Card,Message')).toBe(true);
    const rows = parseCsv(response.body.slice(1));
    expect(rows).toHaveLength(3);
    const [header, first, second] = rows as [string[], string[], string[]];
    const column = (row: string[], name: string) => row[header.indexOf(name)];
    expect(column(first, 'Name')).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(column(first, 'Company')).toBe('\'+cmd|" /C calc"!A0');
    expect(column(first, 'Phone')).toBe('+49 30 1234');
    expect(column(first, 'Message')).toBe('Hello, "friend"\nsecond line');
    expect(column(first, 'Consent')).toBe("'@SUM(1+1)");
    expect(column(first, 'Kind')).toBe('Lead');
    expect(column(first, 'Card')).toBe('Expo');
    expect(column(second, 'Name')).toBe("'-2+3");
    expect(column(second, 'Company')).toBe('Doe, Jane & Co');
    // No cell of the file starts a formula: a leading + or - only before a phone number's characters.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=@\t\r]|^[+-](?![\d ()./-]*$)/);
  });

  it('streams every row of a large filter across pages, in order', async () => {
    const { client, userId } = await signedIn();
    await subscribe(client, 'team');
    await db()
      .transaction()
      .execute(async (trx: AnyConnection) => {
        for (let i = 0; i < 1203; i += 1) {
          const createdAt = new Date(base + i * 1000).toISOString();
          await insertContact(trx, {
            id: crypto.randomUUID(),
            ownerId: userId,
            teamOwnerId: null,
            cardId: null,
            cardName: null,
            manualAdd: true,
            name: `Person ${String(i).padStart(4, '0')}`,
            email: '',
            phone: '',
            company: '',
            jobTitle: '',
            message: '',
            notes: '',
            consentText: null,
            consentAt: null,
            createdAt,
          });
        }
      });
    const csv = await client.get('/api/contacts/export/csv?sort=name');
    const rows = parseCsv(csv.body.slice(1)).slice(1);
    expect(rows).toHaveLength(1203);
    expect(rows.map((row) => row[0])).toEqual(Array.from({ length: 1203 }, (_, i) => `Person ${String(i).padStart(4, '0')}`));
    const filtered = await client.get('/api/contacts/export/csv?search=person%20011');
    expect(parseCsv(filtered.body.slice(1))).toHaveLength(11);
  });

  it('writes Excel with the same rows, cells as text (no formulas)', async () => {
    const { client } = await signedIn();
    await subscribe(client, 'subscribed');
    const card = await createCard(client, { title: 'Expo' });
    await lead(card.id, { name: '=1+1', email: 'calc@example.com', phone: '+49 30 1234', message: 'Hi, "there"' }, at(1));
    await lead(card.id, { name: 'Second', email: 'second@example.com' }, at(2));
    const response = await client.get('/api/contacts/export/xlsx?sort=oldest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/filename="contacts-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Contacts')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('=1+1');
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(3).value).toBe('+49 30 1234');
    expect(first.getCell(8).value).toBe('Hi, "there"');
    expect(sheet.getRow(3).getCell(2).value).toBe('second@example.com');
  });
  it('writes the filter as one vCard file that an independent parser reads back, field by field', async () => {
    const { client, userId } = await signedIn();
    const card = await createCard(client, { title: 'Expo' });
    expect((await client.get('/api/contacts/export/vcf')).statusCode).toBe(403);
    await setPlan(userId, 'subscribed');
    await lead(card.id, { name: 'Zoë Lead', email: 'zoe@example.com', phone: '+49 30 1234', company: 'Doe, Jane & Co', message: 'Call me; about the "fair"' }, at(1));
    await client.post('/api/contacts', { name: 'Hand Added', email: 'hand@example.com', jobTitle: 'CTO', notes: 'Met at lunch' });
    const photo = await sharp({ create: { width: 1200, height: 700, channels: 3, background: '#f4f4f0' } }).jpeg().toBuffer();
    const { body, headers } = multipartBody([
      {
        name: 'fields',
        content: JSON.stringify({ name: 'Jane Scan', company: 'Acme', emails: ['jane@acme.example', 'press@acme.example'], phones: ['+14155550132', '+14155550100'], websites: ['https://acme.example'] }),
      },
      { name: 'image', content: photo, filename: 'card.jpg', contentType: 'image/jpeg' },
    ]);
    expect((await client.request('POST', '/api/scanner/contacts', body, headers)).statusCode).toBe(201);

    const response = await client.get('/api/contacts/export/vcf?sort=name');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.vcf"$/);
    const cards = vcardsIn(response.body);
    const value = (vcard: ICAL.Component, name: string) => vcard.getFirstPropertyValue(name);
    const values = (vcard: ICAL.Component, name: string) => vcard.getAllProperties(name).map((property) => property.getFirstValue());
    expect(cards.map((vcard) => value(vcard, 'fn'))).toEqual(['Hand Added', 'Jane Scan', 'Zoë Lead']);
    const [hand, jane, zoe] = cards as [ICAL.Component, ICAL.Component, ICAL.Component];

    expect(values(zoe, 'email')).toEqual(['zoe@example.com']);
    expect(values(zoe, 'tel')).toEqual(['+49 30 1234']);
    expect(value(zoe, 'org')).toBe('Doe, Jane & Co');
    // ical.js reads vCard text by vCard 4's rule and leaves a 3.0 file's escaped semicolon ("\\;") as it is.
    expect(String(value(zoe, 'note')).replaceAll('\\;', ';')).toBe('Call me; about the "fair"\n\nLead 2025-03-01 (Expo)');

    expect(value(hand, 'title')).toBe('CTO');
    expect(value(hand, 'note')).toBe('Met at lunch');
    expect(hand.getFirstProperty('photo')).toBeNull();

    expect(values(jane, 'email')).toEqual(['jane@acme.example', 'press@acme.example']);
    expect(values(jane, 'tel')).toEqual(['+14155550132', '+14155550100']);
    expect(values(jane, 'url')).toEqual(['https://acme.example/']);
    const embedded = Buffer.from(String(value(jane, 'photo')), 'base64');
    const metadata = await sharp(embedded).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(400);

    const filtered = await client.get('/api/contacts/export/vcf?kind=lead');
    expect(vcardsIn(filtered.body).map((vcard) => value(vcard, 'fn'))).toEqual(['Zoë Lead']);
  });
});

describe('isolation', () => {
  it('answers 404 for another user’s contact on every endpoint, and never lists or exports it', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await subscribe(bob.client, 'subscribed');
    const aliceCard = await createCard(alice.client);
    const { contactId } = await lead(aliceCard.id, { name: 'Alice lead', email: 'al@example.com' });
    const id = contactId!;

    const attempts = [
      bob.client.get(`/api/contacts/${id}`),
      bob.client.patch(`/api/contacts/${id}`, { notes: 'mine now' }),
      bob.client.delete(`/api/contacts/${id}`),
      bob.client.get(`/api/contacts/${id}/vcard`),
      bob.client.post('/api/contacts/bulk-delete', { ids: [id] }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain('Alice lead');
    }
    expect((await list(bob.client)).total).toBe(0);
    expect((await list(bob.client, { cardId: aliceCard.id })).total).toBe(0);
    expect((await bob.client.get('/api/contacts/export/csv')).body).not.toContain('Alice lead');
    expect((await bob.client.get(`/api/contacts/export/csv?cardId=${aliceCard.id}`)).body).not.toContain('Alice lead');
    expect((await bob.client.get('/api/contacts/cards')).json().cards).toEqual([]);
    const foreignCard = await bob.client.post('/api/contacts', { name: 'Sneaky', cardId: aliceCard.id });
    expect(foreignCard.statusCode).toBe(400);
    expect(foreignCard.json().error.fields).toEqual({ cardId: 'Card not found.' });

    const untouched = (await alice.client.get(`/api/contacts/${id}`)).json().contact;
    expect(untouched).toMatchObject({ name: 'Alice lead', notes: '' });

    const anonymous = new TestClient(t.app);
    for (const [method, url] of [
      ['GET', '/api/contacts'],
      ['POST', '/api/contacts'],
      ['GET', `/api/contacts/${id}`],
      ['PATCH', `/api/contacts/${id}`],
      ['DELETE', `/api/contacts/${id}`],
      ['GET', `/api/contacts/${id}/vcard`],
      ['POST', '/api/contacts/bulk-delete'],
      ['GET', '/api/contacts/export/csv'],
      ['GET', '/api/contacts/cards'],
      ['GET', '/api/account/notifications'],
      ['PUT', '/api/account/notifications'],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : method === 'PUT' ? { isNewLeadEmailOn: false } : { name: 'x', ids: [id] };
      expect((await anonymous.request(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets the team owner see the leads of team cards while members never see each other’s', async () => {
    const owner = await signedIn();
    const member = await signedIn();
    const colleague = await signedIn();
    await subscribe(owner.client, 'team');
    for (const user of [member, colleague]) await setPlan(user.userId, 'team');
    const memberCard = await createCard(member.client, { title: 'Member card' });
    const colleagueCard = await createCard(colleague.client, { title: 'Colleague card' });
    // The teams feature sets this when a member's card is a team card; here the test data does.
    await db().updateTable('card').set({ team_owner_id: owner.userId }).where('id', 'in', [memberCard.id, colleagueCard.id]).execute();

    const memberLead = (await lead(memberCard.id, { name: 'Member lead' })).contactId!;
    const colleagueLead = (await lead(colleagueCard.id, { name: 'Colleague lead' })).contactId!;
    await member.client.post('/api/contacts', { name: 'Member private' });

    const names = async (client: TestClient) => (await list(client, { sort: 'name' })).contacts.map((c) => c.name);
    expect(await names(owner.client)).toEqual(['Colleague lead', 'Member lead']);
    expect(await names(member.client)).toEqual(['Member lead', 'Member private']);
    expect(await names(colleague.client)).toEqual(['Colleague lead']);
    expect((await owner.client.get(`/api/contacts/${memberLead}`)).json().contact.teamOwnerId).toBe(owner.userId);
    expect((await member.client.get(`/api/contacts/${colleagueLead}`)).statusCode).toBe(404);
    expect((await colleague.client.get(`/api/contacts/${memberLead}`)).statusCode).toBe(404);
    expect((await colleague.client.post('/api/contacts/bulk-delete', { ids: [memberLead] })).statusCode).toBe(404);
    expect((await owner.client.get(`/api/contacts?cardId=${memberCard.id}`)).json().total).toBe(1);
    const ownerCsv = (await owner.client.get('/api/contacts/export/csv')).body;
    expect(ownerCsv).toContain('Member lead');
    expect(ownerCsv).not.toContain('Member private');
    expect((await owner.client.get('/api/contacts/cards')).json().cards.map((c: { name: string }) => c.name).sort()).toEqual([
      'Colleague card',
      'Member card',
    ]);

    // Members keep their own plan; what counts is the team owner's Teams plan.
    await setPlan(member.userId, 'basic');
    const basicMemberLead = (await lead(memberCard.id, { name: 'Basic member lead' })).contactId!;
    expect((await owner.client.get(`/api/contacts/${basicMemberLead}`)).json().contact.teamOwnerId).toBe(owner.userId);

    // Leaving Teams locks team contacts, and new leads no longer name the team owner.
    await setPlan(owner.userId, 'subscribed');
    expect(await names(owner.client)).toEqual([]);
    expect((await owner.client.get(`/api/contacts/${memberLead}`)).statusCode).toBe(404);
    const afterLead = (await lead(memberCard.id, { name: 'After Teams' })).contactId!;
    expect((await member.client.get(`/api/contacts/${afterLead}`)).json().contact.teamOwnerId).toBeNull();
  });

  it('deletes the user’s contacts and settings with the account', async () => {
    const { client, userId, password } = await signedIn();
    const card = await createCard(client);
    await lead(card.id, { name: 'Goes away' });
    await client.post('/api/contacts', { name: 'Also goes' });
    await client.request('PUT', '/api/account/notifications', { isNewLeadEmailOn: false });
    expect((await client.post('/api/account/delete', { password })).statusCode).toBe(200);
    expect(await db().selectFrom('contact').select('id').where('owner_id', '=', userId).execute()).toEqual([]);
    expect(await db().selectFrom('user_setting').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
  });
});
