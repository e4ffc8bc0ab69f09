import crypto from 'node:crypto';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountArchiveLimits, type AccountExportsResponse, type AccountImportSummary } from '@cardstack/shared/account/account-archive';
import { accountExportIdSchema, accountMovesResponseSchema } from '@cardstack/shared/account/account-moves';
import type { Card } from '@cardstack/shared/cards/schemas';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expireAccountExports, listAccountExportIds } from '../src/modules/account-archive/account-archive-module';
import { createLocalStorage, type FileStorage } from '../src/modules/storage/storage-module';
import { bearer, createKey } from './integrations-support';
import { fileUpload } from './multipart';
import { freePort } from './server-child';
import { createTestApp, TestClient, testOrigin, type TestApp } from './test-app';

/*
 * Moving an account through the HTTP API, on both engines: "Download my data" on one server and "Import from another
 * server" on a second app instance, the archive's owner-only link and its 7 days, hostile archives refused with
 * nothing written, the plan's card allowance, and the moves answer the old server asks for.
 */

let source: TestApp;
let target: TestApp;
beforeEach(async () => {
  // Every feature on both (several cards, downloadable files), unless a test makes its own.
  source = await createTestApp({ BILLING_PROVIDER: 'none' });
  target = await createTestApp({ BILLING_PROVIDER: 'none' });
});
afterEach(async () => {
  await source?.close();
  await target?.close();
});

const exportJobs = ['account-archive.export'];
const importJobs = ['account-archive.import'];

async function signedIn(app: TestApp, name = 'Ada Mover') {
  const client = new TestClient(app.app);
  const account = await client.register({ name });
  return { client, ...account };
}

async function createCard(client: TestClient, body: Record<string, unknown>): Promise<Card> {
  const response = await client.post('/api/cards', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card;
}

function upload(client: TestClient, url: string, content: Buffer | string, filename: string, contentType?: string) {
  const { body, headers } = fileUpload(content, filename, contentType);
  return client.request('POST', url, body, headers);
}

function postLead(app: TestApp, cardId: string, fields: Record<string, string>) {
  return app.app.inject({
    method: 'POST',
    url: `/id/${cardId}/lead`,
    remoteAddress: '198.51.100.7',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Asks for the archive, builds it (the job) and downloads it. */
async function downloadMyData(app: TestApp, client: TestClient): Promise<{ id: string; zip: Buffer }> {
  const requested = await client.post('/api/account/export');
  expect(requested.statusCode, requested.body).toBe(202);
  const { id } = requested.json() as { id: string };
  expect(accountExportIdSchema.safeParse(id).success).toBe(true);
  expect((await client.get('/api/account/exports')).json<AccountExportsResponse>().exports[0]).toMatchObject({ id, state: 'building' });
  await app.services.jobs.runDue({ kinds: exportJobs });
  expect((await client.get('/api/account/exports')).json<AccountExportsResponse>().exports[0]).toMatchObject({ id, state: 'ready' });
  const download = await client.get(`/api/account/export/${id}`);
  expect(download.statusCode, download.body).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  expect(download.headers['content-disposition']).toMatch(/^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  return { id, zip: download.rawPayload };
}

function uploadArchive(client: TestClient, zip: Buffer, name = 'account.zip') {
  const { body, headers } = fileUpload(zip, name, 'application/zip');
  return client.request('POST', '/api/account/import', body, headers);
}

async function importArchive(app: TestApp, client: TestClient, zip: Buffer): Promise<AccountImportSummary> {
  const response = await uploadArchive(client, zip);
  expect(response.statusCode, response.body).toBe(202);
  const { import: queued } = response.json() as { import: AccountImportSummary };
  expect(queued.state).toBe('queued');
  await app.services.jobs.runDue({ kinds: importJobs });
  const done = await client.get(`/api/account/import/${queued.id}`);
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as AccountImportSummary;
}

/** A card's public page with what differs between two servers' copies (ids, usernames, stored file names) made equal. */
async function publicPage(app: TestApp, card: Card): Promise<string> {
  const page = await app.app.inject({ method: 'GET', url: `/id/${card.id}/` });
  expect(page.statusCode).toBe(200);
  // The canonical address names the username, which a card whose username was taken here no longer shares.
  let html = page.body.replaceAll(`/id/${card.username}/`, '/id/{card}/').replaceAll(card.id, '{card}');
  for (const url of [card.coverImage.url, card.profilePicture.url, ...card.downloadableFiles.map((file) => file.url)]) {
    if (url) html = html.replaceAll(url.replace(card.id, '{card}'), '{file}');
  }
  for (const file of card.downloadableFiles) html = html.replaceAll(file.id, '{file-id}');
  return html;
}

async function cardsOf(client: TestClient): Promise<Card[]> {
  const list = (await client.get('/api/cards')).json().cards as { id: string }[];
  return Promise.all(list.map(async ({ id }) => (await client.get(`/api/cards/${id}`)).json().card as Card));
}

async function contactsOf(client: TestClient) {
  const response = await client.get('/api/contacts?sort=name');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().contacts as { id: string; kind: string; name: string; email: string; company: string; cardId: string | null; createdAt: string }[]).map(
    ({ kind, name, email, company, cardId, createdAt }) => ({ kind, name, email, company, cardId, createdAt }),
  );
}

/** What an import may have written: rows of this module and every stored file outside what the public page makes. */
async function writtenOn(app: TestApp) {
  const db = app.services.database.db;
  const count = async (table: 'account_import' | 'account_import_card' | 'card' | 'contact') => Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const files = (await Promise.all(['account-imports/', 'images/', 'files/', 'contact-cards/'].map((folder) => app.services.storage.list(folder)))).flat();
  return { imports: await count('account_import'), importedCards: await count('account_import_card'), cards: await count('card'), contacts: await count('contact'), files };
}

describe('moving an account to another server', () => {
  it('gives the same cards, files, contacts and leads on the new server, and answers where each card went', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const ada = await signedIn(source);
    const chosen = `ada-${crypto.randomBytes(3).toString('hex')}`;
    const taken = `taken-${crypto.randomBytes(3).toString('hex')}`;
    const first = await createCard(ada.client, {
      title: 'Work',
      name: 'Ada Lovelace',
      jobTitle: 'Analyst',
      companyName: 'Engines Ltd',
      email: 'ada@example.com',
      links: [{ kind: 'website', url: 'https://example.com/ada' }],
      theme: { backgroundColor: '#112233', foregroundColor: '#ffffff', labelColor: '#aabbcc' },
    });
    expect((await ada.client.request('PUT', `/api/cards/${first.id}/username`, { username: chosen })).statusCode).toBe(200);
    expect((await upload(ada.client, `/api/cards/${first.id}/images/cover`, png, 'cover.png', 'image/png')).statusCode).toBe(200);
    expect((await upload(ada.client, `/api/cards/${first.id}/files`, '%PDF-1.7 price list', 'Price list.pdf', 'application/pdf')).statusCode).toBe(200);
    const walletTab = { foregroundColor: '#ffffff', labelColor: '#aabbcc', backgroundColor: '#112233', phones: [], emails: null, addresses: null };
    expect((await ada.client.request('PUT', `/api/cards/${first.id}/wallet/apple`, walletTab)).statusCode).toBe(200);
    const second = await createCard(ada.client, { title: 'Side', name: 'Ada L.' });
    expect((await ada.client.request('PUT', `/api/cards/${second.id}/username`, { username: taken })).statusCode).toBe(200);
    expect((await postLead(source, first.id, { name: 'Vera Visitor', email: 'vera@example.com', consent: 'yes', website: '' })).statusCode).toBe(303);
    expect((await ada.client.post('/api/contacts', { name: 'Grace Kept', email: 'grace@example.com', company: 'Navy' })).statusCode).toBe(201);
    const key = await createKey(ada.client, ['cards:read'], 'Zap key');
    await source.services.jobs.runDue();

    // On the new server someone already has the second card's username.
    const other = await signedIn(target, 'Someone Else');
    const theirs = await createCard(other.client, { title: 'Theirs' });
    expect((await other.client.request('PUT', `/api/cards/${theirs.id}/username`, { username: taken })).statusCode).toBe(200);

    const { id: exportId, zip } = await downloadMyData(source, ada.client);
    const mail = await source.services.database.db.selectFrom('mail_outbox').select(['data']).where('to', '=', ada.email).where('template', '=', 'account-export-ready').executeTakeFirst();
    expect(mail).toBeDefined();

    // The archive: a manifest naming the export, a README, each part's files, and no secret.
    const archive = await JSZip.loadAsync(zip);
    const manifest = JSON.parse(await archive.file('manifest.json')!.async('string'));
    expect(manifest).toEqual({ format: 1, source: testOrigin, builtAt: expect.any(String), exportId });
    expect(await archive.file('README.md')!.async('string')).toContain('cards/cards.json');
    expect(Object.keys(archive.files)).toEqual(
      expect.arrayContaining(['cards/cards.json', 'contacts/contacts.json', 'integrations/integrations.json', 'insights/daily.json', 'wallet/passes.json']),
    );
    const everything = (await Promise.all(Object.values(archive.files).map((file) => file.async('string')))).join('\n');
    expect(everything).toContain('Zap key');
    expect(everything).not.toContain(key.token);
    expect(everything).not.toContain(key.key.prefix);

    // Moves are unknown until the archive is imported.
    expect((await new TestClient(target.app).get(`/api/account/moves/${exportId}`)).statusCode).toBe(404);

    const mover = await signedIn(target, 'Ada Mover');
    const done = await importArchive(target, mover.client, zip);
    expect(done.state).toBe('done');
    expect(done.source).toBe(testOrigin);
    const [movedFirst, movedSecond] = (await cardsOf(mover.client)).sort((a, b) => a.title.localeCompare(b.title)).reverse();
    expect(movedFirst!.title).toBe('Work');
    expect(movedSecond!.title).toBe('Side');
    expect(done.report).toMatchObject({ cards: 2, files: 2, contacts: 1, leads: 1, refusedCards: [], refusedFiles: [], integrations: ['Zap key'] });
    expect(done.report!.renamed).toEqual([{ cardId: movedSecond!.id, from: taken, to: movedSecond!.id }]);
    expect(movedFirst!.id).not.toBe(first.id);
    expect(movedFirst!.username).toBe(chosen);
    expect(movedSecond!.username).toBe(movedSecond!.id);

    // The same public pages, apart from ids and stored file names.
    await target.services.jobs.runDue();
    const sourceCards = await cardsOf(ada.client);
    const sourceFirst = sourceCards.find((card) => card.id === first.id)!;
    expect(await publicPage(target, movedFirst!)).toBe(await publicPage(source, sourceFirst));
    expect(await publicPage(target, movedSecond!)).toBe(await publicPage(source, sourceCards.find((card) => card.id === second.id)!));

    // The same files: the image re-encoded like an upload, the document as it was.
    const cover = await target.app.inject({ method: 'GET', url: movedFirst!.coverImage.url! });
    expect(cover.statusCode).toBe(200);
    expect((await sharp(cover.rawPayload).metadata()).format).toBe('webp');
    expect(movedFirst!.downloadableFiles).toEqual([expect.objectContaining({ name: 'Price list.pdf', size: 19, contentType: 'application/pdf' })]);
    const document = await target.app.inject({ method: 'GET', url: movedFirst!.downloadableFiles[0]!.url });
    expect(document.body).toBe('%PDF-1.7 price list');

    // The wallet tab's settings came along.
    expect((await mover.client.get(`/api/cards/${movedFirst!.id}/wallet`)).json().settings.apple).toMatchObject(walletTab);

    // The same contacts and leads, the lead on the moved card.
    const withMovedCard = (await contactsOf(ada.client)).map((contact) => ({ ...contact, cardId: contact.cardId === first.id ? movedFirst!.id : contact.cardId }));
    expect(await contactsOf(mover.client)).toEqual(withMovedCard);

    // The old server learns where each card went.
    const moves = await new TestClient(target.app).get(`/api/account/moves/${exportId}`);
    expect(moves.statusCode, moves.body).toBe(200);
    expect(accountMovesResponseSchema.parse(moves.json()).cards.sort((a, b) => a.from.localeCompare(b.from))).toEqual(
      [
        { from: first.id, to: `${testOrigin}/id/${movedFirst!.id}/` },
        { from: second.id, to: `${testOrigin}/id/${movedSecond!.id}/` },
      ].sort((a, b) => a.from.localeCompare(b.from)),
    );
    expect((await new TestClient(target.app).get('/api/account/moves/not-an-id')).statusCode).toBe(404);
    expect(await listAccountExportIds(source.services.database.db, ada.userId)).toEqual([exportId]);
  });

  it('sends the old server’s addresses to the cards the new server made from its archive', async () => {
    // The new server listens at the address it calls itself by: the old one asks it over HTTP where each card went.
    const port = await freePort();
    const newOrigin = `http://127.0.0.1:${port}`;
    const newServer = await createTestApp({ BILLING_PROVIDER: 'none', BASE_URL: newOrigin });
    try {
      await newServer.app.listen({ port, host: '127.0.0.1' });
      const ada = await signedIn(source);
      const card = await createCard(ada.client, { title: 'Work', name: 'Ada Lovelace' });
      const username = `ada-${crypto.randomBytes(3).toString('hex')}`;
      expect((await ada.client.request('PUT', `/api/cards/${card.id}/username`, { username })).statusCode).toBe(200);
      const { zip } = await downloadMyData(source, ada.client);
      const staying = await createCard(ada.client, { title: 'Made after the export' });

      const mover = new TestClient(newServer.app, '127.0.0.1', newOrigin);
      await mover.register({ name: 'Ada Mover' });
      expect((await importArchive(newServer, mover, zip)).state).toBe('done');
      const [moved] = await cardsOf(mover);

      const told = await ada.client.post('/api/account/move', { address: newOrigin });
      expect(told.statusCode, told.body).toBe(200);
      const visit = (url: string) => source.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      for (const address of [`/id/${card.id}/`, `/id/${username}/`]) {
        const answer = await visit(`${address}?src=qr`);
        expect(answer.statusCode, address).toBe(301);
        expect(answer.headers.location).toBe(`${newOrigin}/id/${moved!.id}/?src=qr`);
      }
      // There, the address is the card's page; the card not in the archive stays here.
      const there = await fetch(`${newOrigin}/id/${moved!.id}/`);
      expect(there.status).toBe(200);
      expect(await there.text()).toContain('Ada Lovelace');
      expect((await visit(`/id/${staying.id}/`)).statusCode).toBe(200);
    } finally {
      await newServer.close();
    }
  });

  it('gives the archive to its owner’s signed-in session only', async () => {
    const ada = await signedIn(source);
    await createCard(ada.client, { title: 'Mine' });
    const { id } = await downloadMyData(source, ada.client);
    const eve = await signedIn(source, 'Eve');
    expect((await eve.client.get(`/api/account/export/${id}`)).statusCode).toBe(404);
    // No session, even the owner's API key: the guard's 401, before anything is looked up.
    expect((await new TestClient(source.app).get(`/api/account/export/${id}`)).statusCode).toBe(401);
    const key = await createKey(ada.client, ['cards:read']);
    const withKey = await source.app.inject({ method: 'GET', url: `/api/account/export/${id}`, headers: bearer(key.token) });
    expect(withKey.statusCode).toBe(401);
    expect(withKey.body).not.toContain('PK');
    expect((await eve.client.get('/api/account/exports')).json()).toEqual({ exports: [] });
    expect((await ada.client.get('/api/account/export/not-an-id')).statusCode).toBe(404);
  });

  it('deletes the archive 7 days after it was built and keeps the export’s record', async () => {
    const ada = await signedIn(source);
    await createCard(ada.client, { title: 'Mine' });
    const { id } = await downloadMyData(source, ada.client);
    const deps = { db: source.services.database.db, storage: source.services.storage };
    expect(await source.services.storage.list('account-exports/')).toEqual([`account-exports/${id}.zip`]);
    const day = 86_400_000;
    expect(await expireAccountExports(deps, new Date(Date.now() + 6 * day))).toBe(0);
    expect((await ada.client.get(`/api/account/export/${id}`)).statusCode).toBe(200);
    expect(await expireAccountExports(deps, new Date(Date.now() + 7 * day + 60_000))).toBe(1);
    expect(await source.services.storage.list('account-exports/')).toEqual([]);
    expect((await ada.client.get(`/api/account/export/${id}`)).statusCode).toBe(404);
    expect((await ada.client.get('/api/account/exports')).json<AccountExportsResponse>().exports).toEqual([expect.objectContaining({ id, state: 'expired' })]);
    expect(await listAccountExportIds(source.services.database.db, ada.userId)).toEqual([id]);
  });

  it('deletes the archives and imports with the account', async () => {
    const ada = await signedIn(source);
    await createCard(ada.client, { title: 'Mine' });
    const { zip } = await downloadMyData(source, ada.client);
    expect((await uploadArchive(ada.client, zip)).statusCode).toBe(202);
    expect((await ada.client.post('/api/account/delete', { password: ada.password })).statusCode).toBe(200);
    expect(await source.services.storage.list('account-exports/')).toEqual([]);
    expect(await source.services.storage.list('account-imports/')).toEqual([]);
    expect(await listAccountExportIds(source.services.database.db, ada.userId)).toEqual([]);
  });

  it('leaves no card, row or file behind when an import fails halfway', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#cc3366' } }).png().toBuffer();
    const ada = await signedIn(source);
    const card = await createCard(ada.client, { title: 'With files' });
    expect((await upload(ada.client, `/api/cards/${card.id}/images/cover`, png, 'cover.png', 'image/png')).statusCode).toBe(200);
    expect((await upload(ada.client, `/api/cards/${card.id}/files`, '%PDF-1.7 menu', 'Menu.pdf', 'application/pdf')).statusCode).toBe(200);
    const { zip } = await downloadMyData(source, ada.client);
    // A disk that fills up after the card's image is written, at its document.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-storage-'));
    const disk = createLocalStorage(root);
    const failing: FileStorage = { ...disk, put: (key, body, type) => (key.startsWith('files/') ? Promise.reject(new Error('disk full')) : disk.put(key, body, type)) };
    const full = await createTestApp({ BILLING_PROVIDER: 'none' }, { storage: failing });
    try {
      const mover = await signedIn(full);
      const response = await uploadArchive(mover.client, zip);
      expect(response.statusCode, response.body).toBe(202);
      await full.services.jobs.runDue({ kinds: importJobs });
      expect((await mover.client.get('/api/account/imports')).json().imports[0]).toMatchObject({ state: 'queued', report: null });
      expect((await mover.client.get('/api/cards')).json().cards).toEqual([]);
      expect(await writtenOn(full)).toMatchObject({ importedCards: 0, cards: 0, files: [expect.stringMatching(/^account-imports\//)] });
    } finally {
      await full.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses the cards beyond the plan’s allowance and says so', async () => {
    const ada = await signedIn(source);
    await createCard(ada.client, { title: 'One' });
    const second = await createCard(ada.client, { title: 'Two' });
    const { zip } = await downloadMyData(source, ada.client);
    // A new server that sells plans: a Basic account has room for one card.
    const basic = await createTestApp();
    try {
      const mover = await signedIn(basic);
      const done = await importArchive(basic, mover.client, zip);
      expect(done.report).toMatchObject({ cards: 1, refusedCards: [{ sourceCardId: second.id, name: 'Two', reason: 'card-limit' }] });
      expect((await mover.client.get('/api/cards')).json().cards).toHaveLength(1);
    } finally {
      await basic.close();
    }
  });
});

// ---- Hostile and broken archives ---------------------------------------------------------------------------------

interface CraftedEntry {
  name: string;
  data: Buffer;
  deflate?: boolean;
  /** A directory that lies about the inflated size. */
  declaredSize?: number;
}

/** A ZIP written by hand, so it can hold what no well-behaved writer makes (`..` paths, lies about sizes). */
function craftZip(entries: CraftedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const stored = entry.deflate ? zlib.deflateRawSync(entry.data) : entry.data;
    const crc = zlib.crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const manifestEntry = (): CraftedEntry => ({
  name: 'manifest.json',
  data: Buffer.from(JSON.stringify({ format: 1, source: 'https://old.example.com', builtAt: new Date().toISOString(), exportId: crypto.randomBytes(16).toString('base64url') })),
});

describe('a hostile or broken archive', () => {
  const cases: [string, () => Buffer, number, RegExp][] = [
    ['a path with ..', () => craftZip([manifestEntry(), { name: '../../etc/cron.d/evil', data: Buffer.from('x') }]), 400, /outside itself/],
    ['an absolute path', () => craftZip([manifestEntry(), { name: '/etc/passwd', data: Buffer.from('x') }]), 400, /outside itself/],
    ['a backslash path', () => craftZip([manifestEntry(), { name: 'cards\\..\\..\\x', data: Buffer.from('x') }]), 400, /outside itself/],
    [
      'too many entries',
      () => craftZip([manifestEntry(), ...Array.from({ length: accountArchiveLimits.maxEntries }, (_, index) => ({ name: `cards/x/${index}.txt`, data: Buffer.from('x') }))]),
      400,
      /too many files/,
    ],
    ['a zip bomb', () => craftZip([manifestEntry(), { name: 'cards/cards.json', data: Buffer.alloc(40 * 1024 * 1024), deflate: true }]), 400, /far more than its size/],
    [
      'a directory that lies about sizes',
      () => craftZip([manifestEntry(), { name: 'cards/cards.json', data: Buffer.alloc(4 * 1024 * 1024, 32), deflate: true, declaredSize: 1000 }]),
      400,
      /not a readable ZIP/,
    ],
    ['not a ZIP at all', () => Buffer.from('just some text'), 400, /not a readable ZIP/],
    // Larger than other uploads may be (10 MB): read whole, and refused for what it is, not for its size.
    ['20 MB that are not a ZIP', () => crypto.randomBytes(20 * 1024 * 1024), 400, /not a readable ZIP/],
    ['a ZIP without a manifest', () => craftZip([{ name: 'cards/cards.json', data: Buffer.from('[]') }]), 400, /not an account archive/],
    ['a broken cards file', () => craftZip([manifestEntry(), { name: 'cards/cards.json', data: Buffer.from('[{"id": 1') }]), 400, /cards\/cards\.json cannot be read/],
    ['a cards file of the wrong shape', () => craftZip([manifestEntry(), { name: 'cards/cards.json', data: Buffer.from('[{"id": "../x"}]') }]), 400, /cards\/cards\.json cannot be read/],
    ['an archive over the size limit', () => Buffer.alloc(accountArchiveLimits.maxArchiveBytes + 1024), 413, /too large/],
  ];

  it.each(cases)('%s is refused with nothing written', async (_name, make, status, message) => {
    const mover = await signedIn(target);
    const before = await writtenOn(target);
    const response = await uploadArchive(mover.client, make());
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.message).toMatch(message);
    await target.services.jobs.runDue();
    expect(await writtenOn(target)).toEqual(before);
    expect((await mover.client.get('/api/account/imports')).json()).toEqual({ imports: [] });
  });

  it('asks for a file when none is sent', async () => {
    const mover = await signedIn(target);
    const response = await mover.client.post('/api/account/import', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Choose the archive/);
  });
});
