import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { designRequestTexts } from '@cardstack/shared/design-requests/schemas';
import { deleteExpiredDesignRequests } from '../src/modules/design-requests/design-request-jobs';
import { multipartBody, type MultipartPart } from './multipart';
import { createTestApp, TestClient, type TestApp } from './test-app';

/*
 * The public custom design form and the built-in quote form: validated with the shared schemas (field messages,
 * nothing stored on bad input), uploads checked by their bytes and stored outside every public folder, the
 * request mailed to the operators through the outbox, spam held off by a honeypot and a per-address limit.
 */

const operator = 'operator@example.com';
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ ADMIN_EMAILS: operator, DESIGN_FORM_RATE_LIMIT_PER_HOUR: '3' });
});
afterEach(async () => {
  await t.close();
});

const fields = { name: 'Grace Hopper', email: 'grace@example.com', company: 'Navy', quantity: '250', material: 'metal', finish: 'matte', notes: 'Gold edges' };
const logo = () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } }).png().toBuffer();

function form(values: Record<string, string>, files: MultipartPart[] = []) {
  return multipartBody([...Object.entries(values).map(([name, content]) => ({ name, content })), ...files]);
}

async function send(client: TestClient, upload: { body: Buffer; headers: Record<string, string> }) {
  return client.request('POST', '/api/design-requests/custom-design', upload.body, upload.headers);
}

const storedRequests = () => t.services.database.db.selectFrom('design_request').selectAll().execute();

describe('the custom design form', () => {
  it('stores the request with its logo, mails the operators and shows in the console', async () => {
    const response = await send(
      new TestClient(t.app),
      form(fields, [
        { name: 'logo', content: await logo(), filename: 'logo.png', contentType: 'image/png' },
        { name: 'artwork', content: Buffer.from('%PDF-1.7 artwork'), filename: 'artwork.pdf', contentType: 'application/pdf' },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: designRequestTexts.sent });

    const [row] = await storedRequests();
    expect(row).toMatchObject({ kind: 'custom-design', status: 'new', name: 'Grace Hopper', email: 'grace@example.com', notes: 'Gold edges' });
    expect(JSON.parse(row!.details)).toEqual({ quantity: 250, material: 'metal', finish: 'matte' });
    const [file, artwork] = JSON.parse(row!.files) as { key: string; field: string; name: string }[];
    expect(file).toMatchObject({ field: 'logo', name: 'logo.png' });
    expect(artwork).toMatchObject({ field: 'artwork', name: 'artwork.pdf' });
    expect(artwork!.key).toMatch(/^design-requests\/[0-9a-f-]+\/artwork\.pdf$/);
    expect(await t.services.storage.exists(file!.key)).toBe(true);
    // Not through the public file route: only the console serves it.
    expect((await t.app.inject({ method: 'GET', url: `/files/${file!.key}` })).statusCode).toBe(404);

    // The operator sees it in the console and downloads the logo (as an attachment).
    const root = new TestClient(t.app);
    await root.register({ email: operator });
    const inConsole = (await root.get('/api/admin/requests')).json();
    expect(inConsole.closedRetentionDays).toBe(365);
    const [listed] = inConsole.requests;
    expect(listed.files.map((f: { name: string }) => f.name)).toEqual(['logo.png', 'artwork.pdf']);
    const downloaded = await root.get(listed.files[0].url);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('image/png');
    expect(String(downloaded.headers['content-disposition'])).toMatch(/^attachment; filename="logo\.png"/);
    expect((await new TestClient(t.app).get(listed.files[0].url)).statusCode).toBe(401);

    const mail = await t.services.database.db.selectFrom('mail_outbox').selectAll().where('template', '=', 'design-request').execute();
    expect(mail.map((m) => m.to)).toEqual([operator]);
    // In the language of the operator's account, read when the mail is sent.
    expect((await root.request('PUT', '/api/account/preferences', { language: 'de', timeZone: 'Europe/Berlin' })).statusCode).toBe(200);
    await t.services.jobs.runDue({ kinds: ['mail.send'] });
    const sent = t.mail.sent.find((mail) => mail.to === operator)!;
    expect(sent.subject).toBe('Neue Anfrage für eine individuelle Karte: Grace Hopper');
    expect(sent.text).toContain('Material: Metall');
    expect(sent.text).toContain('2 Dateien in der Konsole angehängt.');
  });

  it('answers bad input with a message per field and stores nothing', async () => {
    const response = await send(new TestClient(t.app), form({ ...fields, name: '', email: 'not-an-address', quantity: '0', material: 'gold' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      name: 'Enter your name',
      email: 'Enter a valid email address',
      quantity: 'Enter a quantity from 1 to 100000',
      material: 'Choose a material',
    });
    expect(await storedRequests()).toEqual([]);
  });

  it('refuses an upload that is not an image or PDF (by its bytes) and stores nothing', async () => {
    const upload = form(fields, [{ name: 'artwork', content: Buffer.from('MZ\x90\x00 not a picture'), filename: 'artwork.png', contentType: 'image/png' }]);
    const response = await send(new TestClient(t.app), upload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ artwork: designRequestTexts.badUpload });
    expect(await storedRequests()).toEqual([]);
    expect(await t.services.storage.list('design-requests/')).toEqual([]);
  });

  it('a filled honeypot gets the thank-you and nothing is kept; too many sends are refused', async () => {
    const client = new TestClient(t.app, '198.51.100.9');
    const bot = await send(client, form({ ...fields, website: 'http://spam.example' }));
    expect(bot.statusCode).toBe(201);
    expect(await storedRequests()).toEqual([]);
    expect((await send(client, form(fields))).statusCode).toBe(201);
    expect((await send(client, form(fields))).statusCode).toBe(201);
    const limited = await send(client, form(fields));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(designRequestTexts.tooMany);
  });
});

describe('the quote form', () => {
  it('stores a quote request and refuses one without a company', async () => {
    const client = new TestClient(t.app);
    const bad = await client.post('/api/design-requests/quote', { name: 'Ann', email: 'ann@example.com', company: '', cardCount: 400 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.company).toBe('Enter your company');
    expect(await storedRequests()).toEqual([]);
    const sent = await client.post('/api/design-requests/quote', { name: 'Ann', email: 'ann@example.com', company: 'Big Co', cardCount: 400 });
    expect(sent.statusCode, sent.body).toBe(201);
    const [row] = await storedRequests();
    expect(row).toMatchObject({ kind: 'quote', company: 'Big Co' });
    expect(JSON.parse(row!.details)).toEqual({ cardCount: 400 });
  });
});

describe('retention', () => {
  it('deletes done and rejected requests untouched for DESIGN_REQUEST_RETENTION_DAYS, with their files; open ones stay', async () => {
    const statuses = ['new', 'in-progress', 'done', 'rejected'] as const;
    for (const [index, name] of statuses.entries()) {
      const client = new TestClient(t.app, `198.51.100.${20 + index}`);
      expect((await send(client, form({ ...fields, name }, [{ name: 'logo', filename: 'logo.png', contentType: 'image/png', content: await logo() }]))).statusCode).toBe(201);
    }
    const day = 86_400_000;
    const db = t.services.database.db;
    for (const status of statuses) {
      await db.updateTable('design_request').set({ status, updated_at: new Date(Date.now() - 366 * day).toISOString() }).where('name', '=', status).execute();
    }
    // A request closed recently is kept, however old the request itself is.
    const recent = new TestClient(t.app, '198.51.100.30');
    expect((await send(recent, form({ ...fields, name: 'recent' }))).statusCode).toBe(201);
    await db.updateTable('design_request').set({ status: 'done', created_at: new Date(Date.now() - 400 * day).toISOString() }).where('name', '=', 'recent').execute();
    const idOf = async (name: string) => (await db.selectFrom('design_request').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const closedIds = [await idOf('done'), await idOf('rejected')];
    expect(t.services.config.designRequestRetentionDays).toBe(365);

    expect(await deleteExpiredDesignRequests({ db, storage: t.services.storage, retentionDays: t.services.config.designRequestRetentionDays })).toBe(2);
    expect((await storedRequests()).map((row) => row.name).sort()).toEqual(['in-progress', 'new', 'recent']);
    const files = await t.services.storage.list('design-requests/');
    expect(files).toHaveLength(2);
    for (const id of closedIds) expect(files.filter((key) => key.includes(id))).toEqual([]);
    expect(await deleteExpiredDesignRequests({ db, storage: t.services.storage, retentionDays: 365 })).toBe(0);
  });
});
