import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactImportStatus } from '@cardstack/shared/contacts/import';
import type { Contact, ContactListResponse, ContactResponse } from '@cardstack/shared/contacts/schemas';
import { multipartBody } from './multipart';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * Importing contacts through the HTTP API, on the real database: upload, the check (a job), the preview's counts,
 * the import (a job) with each duplicate choice, refused lines, encodings, a file that cannot be read, and undo.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

async function signedIn() {
  const client = new TestClient(t.app);
  const account = await client.register({ name: 'Importer' });
  return { client, ...account };
}

async function upload(client: TestClient, fileName: string, content: Buffer | string, fields: Record<string, string> = {}) {
  const { body, headers } = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, content: value })),
    { name: 'file', content, filename: fileName, contentType: 'application/octet-stream' },
  ]);
  return client.request('POST', '/api/contacts/import', body, headers);
}

/** Runs the import's queued jobs, as the job runner would. */
async function runJobs() {
  await t.services.jobs.runDue({ kinds: ['contacts.import.check', 'contacts.import.run'] });
}

async function status(client: TestClient, id: string): Promise<ContactImportStatus> {
  const response = await client.get(`/api/contacts/import/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ContactImportStatus;
}

/** Uploads and checks a file: the import ready to start (or failed). */
async function checked(client: TestClient, fileName: string, content: Buffer | string, fields: Record<string, string> = {}): Promise<ContactImportStatus> {
  const response = await upload(client, fileName, content, fields);
  expect(response.statusCode, response.body).toBe(202);
  const { id } = response.json() as { id: string };
  expect((await status(client, id)).state).toBe('checking');
  await runJobs();
  return status(client, id);
}

async function started(client: TestClient, id: string, onEmailMatch: string, onPhoneMatch: string): Promise<ContactImportStatus> {
  const response = await client.post(`/api/contacts/import/${id}/start`, { onEmailMatch, onPhoneMatch });
  expect(response.statusCode, response.body).toBe(200);
  expect((response.json() as ContactImportStatus).state).toBe('importing');
  await runJobs();
  return status(client, id);
}

async function allContacts(client: TestClient): Promise<Contact[]> {
  const list = (await client.get('/api/contacts?sort=name&pageSize=100')).json() as ContactListResponse;
  return Promise.all(list.contacts.map(async ({ id }) => ((await client.get(`/api/contacts/${id}`)).json() as ContactResponse).contact));
}

const vcards = (...cards: string[][]) => cards.map((lines) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD'].join('\r\n')).join('\r\n') + '\r\n';

const counts = (s: ContactImportStatus) => ({ created: s.created, merged: s.merged, skipped: s.skipped, refused: s.refused });

describe('importing a vCard file', () => {
  it('previews, imports with each duplicate choice, reports refused cards, and undoes exactly what it added', async () => {
    const { client } = await signedIn();
    await client.post('/api/contacts', { name: 'Ada Kept', email: 'ada@example.com', company: '' });
    await client.post('/api/contacts', { name: 'Grace Kept', phone: '+1 415 555 0132' });
    const file = vcards(
      ['FN:Ada Lovelace', 'ORG:Engines', 'EMAIL:ADA@example.com', 'EMAIL:ada.work@example.com'],
      ['FN:Grace Hopper', 'TEL:(415) 555-0132', 'TITLE:Admiral'],
      ['FN:Alan Turing', 'EMAIL:alan@example.com', 'TEL:+44 20 7946 0000', 'NOTE:Met at Bletchley'],
      ['FN:', 'ORG:Nobody'],
      ['FN:Bad Mail', 'EMAIL:not-an-email'],
      ['FN:Alan Again', 'EMAIL:alan@example.com'],
    );
    const preview = await checked(client, 'contacts.vcf', file);
    expect(preview).toMatchObject({ state: 'ready', format: 'vcard', encoding: 'utf-8', fileName: 'contacts.vcf', target: 'own', found: 4, duplicatesByEmail: 2, duplicatesByPhone: 1, refused: 2 });
    expect(preview.refusals).toEqual([
      { line: 21, reason: 'Enter a name or an email' },
      { line: 26, reason: 'Enter a valid email address', value: 'not-an-email' },
    ]);

    const done = await started(client, preview.id, 'merge', 'keepBoth');
    expect(done.state).toBe('done');
    expect(done.finishedAt).not.toBeNull();
    // Ada merged (by email), Grace kept twice (by phone), Alan created, and "Alan Again" merged into the new Alan.
    expect(counts(done)).toEqual({ created: 2, merged: 2, skipped: 0, refused: 2 });
    const after = await allContacts(client);
    expect(after.map((contact) => contact.name)).toEqual(['Ada Kept', 'Alan Turing', 'Grace Hopper', 'Grace Kept']);
    const ada = after.find((contact) => contact.name === 'Ada Kept')!;
    expect(ada).toMatchObject({ email: 'ada@example.com', company: 'Engines', kind: 'manual' });
    expect(ada.scan?.emails).toEqual(['ada.work@example.com']);
    expect(after.find((contact) => contact.name === 'Alan Turing')).toMatchObject({ email: 'alan@example.com', phone: '+44 20 7946 0000', notes: 'Met at Bletchley' });

    // The person edits the merged contact's company afterwards: undo keeps that edit and takes back the rest.
    await client.patch(`/api/contacts/${ada.id}`, { company: 'Own Engines' });
    const undone = await client.post(`/api/contacts/import/${preview.id}/undo`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as ContactImportStatus).state).toBe('undone');
    const restored = await allContacts(client);
    expect(restored.map((contact) => contact.name)).toEqual(['Ada Kept', 'Grace Kept']);
    expect(restored[0]).toMatchObject({ email: 'ada@example.com', company: 'Own Engines' });
    expect(restored[0]!.scan?.emails ?? []).toEqual([]);
    expect((await client.post(`/api/contacts/import/${preview.id}/undo`, {})).statusCode).toBe(409);
  });

  it('skips the duplicates when asked to', async () => {
    const { client } = await signedIn();
    await client.post('/api/contacts', { name: 'Kept', email: 'kept@example.com', phone: '+49 30 1234567' });
    const preview = await checked(client, 'a.vcf', vcards(['FN:Same Mail', 'EMAIL:kept@example.com'], ['FN:Same Phone', 'TEL:030 1234567'], ['FN:New', 'EMAIL:new@example.com']));
    expect(preview).toMatchObject({ found: 3, duplicatesByEmail: 1, duplicatesByPhone: 1 });
    expect(counts(await started(client, preview.id, 'skip', 'skip'))).toEqual({ created: 1, merged: 0, skipped: 2, refused: 0 });
    expect((await allContacts(client)).map((contact) => contact.name)).toEqual(['Kept', 'New']);
  });

  it('keeps both when asked to, and re-encodes an embedded photo like an upload', async () => {
    const { client } = await signedIn();
    await client.post('/api/contacts', { name: 'Kept', email: 'kept@example.com' });
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret owner' } })
      .toBuffer();
    const base64 = photo.toString('base64');
    const folded = base64.match(/.{1,74}/g)!.map((part, index) => (index === 0 ? `PHOTO;ENCODING=b;TYPE=JPEG:${part}` : ` ${part}`));
    const preview = await checked(client, 'photo.vcf', vcards(['FN:Kept Twice', 'EMAIL:kept@example.com', ...folded]));
    expect(counts(await started(client, preview.id, 'keepBoth', 'skip'))).toEqual({ created: 1, merged: 0, skipped: 0, refused: 0 });
    const twice = (await allContacts(client)).find((contact) => contact.name === 'Kept Twice')!;
    expect(twice.scan?.hasImage).toBe(true);
    const image = await client.get(`/api/contacts/${twice.id}/card-image`);
    expect(image.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(1600);
    expect(metadata.exif).toBeUndefined();
  });
});

describe('vCard 2.1 and 4.0, as Outlook, older Android and newer address books write them', () => {
  it.each([
    [
      '2.1',
      [
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;',
        'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BCller',
        'ORG:Firma GmbH',
        'TEL;WORK;VOICE:+49 30 1234567',
        'EMAIL;PREF;INTERNET:juergen@example.de',
        'NOTE;ENCODING=QUOTED-PRINTABLE:Erste Zeile=0D=0A=',
        'zweite Zeile',
        'END:VCARD',
      ].join('\r\n'),
      'Erste Zeile\r\nzweite Zeile',
    ],
    [
      '4.0',
      [
        'BEGIN:VCARD',
        'VERSION:4.0',
        'FN:Jürgen Müller',
        'ORG:Firma GmbH',
        'TEL;VALUE=uri;TYPE="work,voice":tel:+49 30 1234567',
        'EMAIL;TYPE=work:juergen@example.de',
        'NOTE:Erste Zeile\\nzweite Zeile',
        'END:VCARD',
      ].join('\r\n'),
      'Erste Zeile\nzweite Zeile',
    ],
  ])('reads vCard %s, and merges into the contact kept with the same phone', async (_version, file, notes) => {
    const { client } = await signedIn();
    await client.post('/api/contacts', { name: 'Jürgen Kept', phone: '030 1234567' });
    const preview = await checked(client, 'contact.vcf', file);
    expect(preview).toMatchObject({ format: 'vcard', found: 1, duplicatesByEmail: 0, duplicatesByPhone: 1 });
    expect(counts(await started(client, preview.id, 'skip', 'merge'))).toEqual({ created: 0, merged: 1, skipped: 0, refused: 0 });
    expect(await allContacts(client)).toMatchObject([{ name: 'Jürgen Kept', phone: '030 1234567', email: 'juergen@example.de', company: 'Firma GmbH', notes }]);
  });
});

describe('importing CSV files', () => {
  const google = [
    'First Name,Middle Name,Last Name,Organization Name,Organization Title,Notes,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value',
    'Ada,,Lovelace,Engines,CTO,From Google,* Work,ada@example.com ::: ada.home@example.com,Mobile,+44 20 7946 0958',
    'Grace,,Hopper,Navy,,,,,,+1 415 555 0132',
  ].join('\r\n');

  it('reads Google Contacts’ export and merges a duplicate found by phone', async () => {
    const { client } = await signedIn();
    await client.post('/api/contacts', { name: 'Grace Kept', phone: '(415) 555-0132' });
    const preview = await checked(client, 'google.csv', google);
    expect(preview).toMatchObject({ format: 'google-csv', found: 2, duplicatesByEmail: 0, duplicatesByPhone: 1 });
    expect(preview.columns[7]).toBe('E-mail 1 - Value');
    expect(preview.mapping[7]).toBe('email');
    expect(counts(await started(client, preview.id, 'skip', 'merge'))).toEqual({ created: 1, merged: 1, skipped: 0, refused: 0 });
    const [ada, grace] = await allContacts(client);
    expect(ada).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', company: 'Engines', jobTitle: 'CTO', notes: 'From Google', phone: '+44 20 7946 0958' });
    expect(grace).toMatchObject({ name: 'Grace Kept', company: 'Navy' });
  });

  it.each([
    ['English', 'First Name,Last Name,Company,Job Title,E-mail Address,Mobile Phone,Notes\r\nJürgen,Müller,Firma GmbH,CTO,juergen@example.de,+49 170 1234567,Grüße\r\n'],
    ['German, semicolons', 'Vorname;Nachname;Firma;Position;E-Mail-Adresse;Mobiltelefon;Notizen\r\nJürgen;Müller;Firma GmbH;CTO;juergen@example.de;+49 170 1234567;Grüße\r\n'],
  ])('reads Outlook’s export with %s headers', async (_language, csv) => {
    const { client } = await signedIn();
    const preview = await checked(client, 'outlook.csv', csv);
    expect(preview).toMatchObject({ format: 'outlook-csv', found: 1 });
    await started(client, preview.id, 'skip', 'skip');
    expect(await allContacts(client)).toMatchObject([{ name: 'Jürgen Müller', email: 'juergen@example.de', company: 'Firma GmbH', jobTitle: 'CTO', phone: '+49 170 1234567', notes: 'Grüße' }]);
  });

  it.each([
    ['UTF-8 with a byte order mark', (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'utf-8'],
    ['UTF-16LE', (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'utf-16le'],
    ['Windows-1252', (text: string) => Buffer.from(text, 'latin1'), 'windows-1252'],
  ])('reads a file in %s', async (_encoding, encode, encoding) => {
    const { client } = await signedIn();
    const preview = await checked(client, 'outlook.csv', encode('First Name,Last Name,E-mail Address\r\nJürgen,Müller,j@example.de\r\n'));
    expect(preview).toMatchObject({ encoding, found: 1 });
    await started(client, preview.id, 'skip', 'skip');
    expect((await allContacts(client)).map((contact) => contact.name)).toEqual(['Jürgen Müller']);
  });

  it('asks for the columns of any other CSV, checks again with the mapping, and refuses bad rows with their reasons', async () => {
    const { client } = await signedIn();
    const csv = 'Who,Reach,Colour\r\nAda,ada@example.com,red\r\nNobody,not-mail,blue\r\n';
    const preview = await checked(client, 'custom.csv', csv);
    expect(preview).toMatchObject({ format: 'csv', columns: ['Who', 'Reach', 'Colour'], mapping: ['ignore', 'ignore', 'ignore'], found: 0 });
    const refusedMapping = await client.request('PUT', `/api/contacts/import/${preview.id}/mapping`, { mapping: ['ignore', 'ignore', 'notes'] });
    expect(refusedMapping.statusCode).toBe(400);
    expect(refusedMapping.json().error.message).toBe('Map a column to the name (or first or last name) or to the email.');
    const remapped = await client.request('PUT', `/api/contacts/import/${preview.id}/mapping`, { mapping: ['name', 'email', 'notes'] });
    expect(remapped.statusCode, remapped.body).toBe(200);
    expect((remapped.json() as ContactImportStatus).state).toBe('checking');
    await runJobs();
    const again = await status(client, preview.id);
    expect(again).toMatchObject({ state: 'ready', mapping: ['name', 'email', 'notes'], found: 1, refused: 1 });
    expect(again.refusals).toEqual([{ line: 3, reason: 'Enter a valid email address', value: 'not-mail' }]);
    // The reasons are said in the reader's language.
    const german = await client.request('GET', `/api/contacts/import/${preview.id}`, undefined, { 'accept-language': 'de' });
    expect((german.json() as ContactImportStatus).refusals[0]!.reason).not.toBe('Enter a valid email address');
    expect((german.json() as ContactImportStatus).refusals[0]!.value).toBe('not-mail');
    expect(counts(await started(client, preview.id, 'skip', 'skip'))).toEqual({ created: 1, merged: 0, skipped: 0, refused: 1 });
    expect(await allContacts(client)).toMatchObject([{ name: 'Ada', email: 'ada@example.com', notes: 'red' }]);
  });
});

describe('files that cannot be read, and who may import', () => {
  it.each([
    ['a vCard file that ends inside a card', 'broken.vcf', vcards(['FN:Ada']) + 'BEGIN:VCARD\r\nFN:Half\r\n', 'The file ends inside the card that begins on line 5 (no END:VCARD).'],
    ['a CSV whose quote never closes', 'broken.csv', 'Name,Email\r\n"Ada,ada@example.com\r\n', 'A quoted field that starts on line 2 is never closed.'],
    ['an image', 'photo.vcf', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), 'This is not a text file: choose a .vcf or a .csv file.'],
  ])('changes nothing for %s', async (_case, name, content, message) => {
    const { client } = await signedIn();
    await client.post('/api/contacts', { name: 'Kept' });
    const failed = await checked(client, name, content);
    expect(failed).toMatchObject({ state: 'failed', error: message, found: 0 });
    const inFrench = await client.request('GET', `/api/contacts/import/${failed.id}`, undefined, { 'accept-language': 'fr' });
    expect((inFrench.json() as ContactImportStatus).error).not.toBe(message);
    expect((await allContacts(client)).map((contact) => contact.name)).toEqual(['Kept']);
    expect((await client.post(`/api/contacts/import/${failed.id}/start`, { onEmailMatch: 'skip', onPhoneMatch: 'skip' })).statusCode).toBe(409);
    expect(await t.services.storage.get(`contact-imports/${failed.id}/upload`)).toBeNull();
  });

  it('refuses a missing file, a file over 20 MB, and bad choices with a clear message', async () => {
    const { client } = await signedIn();
    const missing = await client.request('POST', '/api/contacts/import', multipartBody([{ name: 'target', content: 'own' }]).body, multipartBody([]).headers);
    expect(missing.statusCode).toBe(400);
    const wrongType = await upload(client, 'photo.png', Buffer.from('not contacts'));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toBe('Choose a .vcf or a .csv file.');
    const tooLarge = await upload(client, 'big.vcf', Buffer.alloc(20 * 1024 * 1024 + 1, 'a'));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('The file is larger than 20 MB.');
    const preview = await checked(client, 'a.vcf', vcards(['FN:Ada']));
    const badChoice = await client.post(`/api/contacts/import/${preview.id}/start`, { onEmailMatch: 'overwrite', onPhoneMatch: 'skip' });
    expect(badChoice.statusCode).toBe(400);
  });

  it('shows an import only to whoever made it, and into the team’s contacts only with the right to change them', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const preview = await checked(alice.client, 'a.vcf', vcards(['FN:Ada']));
    expect((await bob.client.get(`/api/contacts/import/${preview.id}`)).statusCode).toBe(404);
    expect((await bob.client.post(`/api/contacts/import/${preview.id}/start`, { onEmailMatch: 'skip', onPhoneMatch: 'skip' })).statusCode).toBe(404);
    expect((await bob.client.delete(`/api/contacts/import/${preview.id}`)).statusCode).toBe(404);
    const team = await upload(bob.client, 'a.vcf', vcards(['FN:Ada']), { target: 'team' });
    expect(team.statusCode).toBe(403);
    expect(team.json().error.message).toBe('You may not add contacts to the team’s contacts.');
    expect((await t.app.inject({ method: 'GET', url: `/api/contacts/import/${preview.id}` })).statusCode).toBe(401);
  });

  it('lets a checked import be dropped, with its file', async () => {
    const { client } = await signedIn();
    const preview = await checked(client, 'a.vcf', vcards(['FN:Ada']));
    expect((await client.delete(`/api/contacts/import/${preview.id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/contacts/import/${preview.id}`)).statusCode).toBe(404);
    expect(await t.services.storage.get(`contact-imports/${preview.id}/upload`)).toBeNull();
  });
});
