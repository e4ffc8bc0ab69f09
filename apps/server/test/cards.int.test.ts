import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Card, CardSummary } from '@cardstack/shared/cards/schemas';
import { createLocalStorage, type FileStorage } from '../src/modules/storage/storage';
import { createTestApp, TestClient, type TestApp } from './test-app';
import { startFakeS3 } from './fake-s3';
import { fileUpload } from './multipart';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#cc6633' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    .jpeg()
    .toBuffer();
});

const folders = ['images', 'files', 'appleWallets', 'vcf-files'];

async function signedIn(app = t) {
  const client = new TestClient(app.app);
  const { userId } = await client.register();
  // These tests are about cards, not the plan's card limit (card-limits.int.test.ts): an account from before
  // 2024-05-14 has no limit on Basic. Design, widgets and files are paid: the plan is Pro (plan-gates.int.test.ts
  // covers Basic).
  await app.services.database.db
    .updateTable('user')
    .set({ createdAt: '2024-01-01T00:00:00.000Z', plan: 'subscribed' })
    .where('id', '=', userId)
    .execute();
  return { client, userId };
}

async function createCard(client: TestClient, body: Record<string, unknown> = {}): Promise<Card> {
  const response = await client.post('/api/cards', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card;
}

function upload(client: TestClient, url: string, content: Buffer | string, filename: string, contentType?: string) {
  const { body, headers } = fileUpload(content, filename, contentType);
  return client.request('POST', url, body, headers);
}

/**
 * The files made in the background on every save: the public page's vCard and QR codes and the Apple Wallet pass
 * (public-card and wallet tests cover them).
 */
const isGeneratedByPublicPage = (key: string) => /^vcf-files\/[^/]+\/v\d+\//.test(key) || /^appleWallets\/[^/]+\/v\d+-[\w-]+\//.test(key);

async function storedKeys(storage: FileStorage = t.services.storage): Promise<string[]> {
  await t.services.jobs.runDue();
  return (await Promise.all(folders.map((folder) => storage.list(`${folder}/`)))).flat().filter((key) => !isGeneratedByPublicPage(key));
}

async function listCards(client: TestClient): Promise<CardSummary[]> {
  const response = await client.get('/api/cards');
  expect(response.statusCode).toBe(200);
  return response.json().cards;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('card lifecycle', () => {
  it('creates, reads, lists newest first, updates and deletes', async () => {
    const { client, userId } = await signedIn();
    const first = await createCard(client, { title: 'Work', name: 'Ada Lovelace' });
    expect(first).toMatchObject({
      title: 'Work',
      name: 'Ada Lovelace',
      ownerId: userId,
      teamOwnerId: null,
      isDefault: true,
      userNameChanged: false,
      version: 1,
      links: [],
      downloadableFiles: [],
      coverImage: { url: null, alt: '', position: 'object-center' },
    });
    // At creation the username is the generated id.
    expect(first.username).toBe(first.id);
    expect(first.id).toMatch(/^[A-Za-z0-9]{20}$/);

    await pause(3);
    const second = await createCard(client, { title: 'Private' });
    expect(second.isDefault).toBe(false);

    expect((await client.get(`/api/cards/${first.id}`)).json().card).toEqual(first);
    const listed = await listCards(client);
    expect(listed.map((card) => card.id)).toEqual([second.id, first.id]);
    expect(listed[1]).toMatchObject({ id: first.id, isDefault: true, title: 'Work', username: first.id });
    expect(listed[0]).not.toHaveProperty('links');

    // A stored vCard is cleared by every save so it is generated again.
    await t.services.database.db.updateTable('card').set({ vcf_file_name: 'ada.vcf', vcf_link: '/files/vcf-files/x/ada.vcf' }).where('id', '=', first.id).execute();
    const saved = await client.patch(`/api/cards/${first.id}`, {
      jobTitle: 'Analyst',
      links: [{ kind: 'twitter', url: '@ada', label: '' }],
      widgets: [{ kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' }],
      theme: { backgroundColor: 'FFF', foregroundColor: '#000', labelColor: '#12345678' },
      coverImage: { alt: 'Harbour', position: 'object-left-top' },
      leadForm: { isEnabled: false, thankYouMessage: 'Thanks!' },
      emails: ['ada@work.example'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().card).toMatchObject({
      title: 'Work',
      jobTitle: 'Analyst',
      links: [{ kind: 'twitter', url: 'https://x.com/ada', label: '' }],
      widgets: [{ kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
      theme: { backgroundColor: '#fff', foregroundColor: '#000', labelColor: '#12345678' },
      coverImage: { url: null, alt: 'Harbour', position: 'object-left-top' },
      leadForm: { isEnabled: false, thankYouMessage: 'Thanks!' },
      emails: ['ada@work.example'],
      vcfFileName: null,
      vcfLink: null,
      version: 2,
      userNameChanged: false,
    });

    expect((await client.delete(`/api/cards/${second.id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/cards/${second.id}`)).statusCode).toBe(404);
    expect((await listCards(client)).map((card) => card.id)).toEqual([first.id]);
  });

  it('answers validation errors per field', async () => {
    const { client } = await signedIn();
    const card = await createCard(client);
    const response = await client.patch(`/api/cards/${card.id}`, {
      email: 'nope',
      links: [{ kind: 'empty', url: 'javascript:alert(1)', label: 'x' }],
      theme: { backgroundColor: '#12', foregroundColor: '#000', labelColor: '#000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: 'Enter a valid email address',
      'links.0.url': 'Links must start with https://, http://, mailto:, tel: or sms:',
      'theme.backgroundColor': 'Expected a valid hex string',
    });
    expect((await client.get(`/api/cards/${card.id}`)).json().card.version).toBe(1);
  });

  it('makes the first card the default, and keeps one default when the default is deleted', async () => {
    const { client } = await signedIn();
    const first = await createCard(client);
    await pause(3);
    const second = await createCard(client);
    await pause(3);
    const third = await createCard(client);
    expect([first.isDefault, second.isDefault, third.isDefault]).toEqual([true, false, false]);

    const made = await client.post(`/api/cards/${second.id}/default`);
    expect(made.statusCode).toBe(200);
    expect(made.json().card).toMatchObject({ id: second.id, isDefault: true });
    expect((await listCards(client)).filter((card) => card.isDefault).map((card) => card.id)).toEqual([second.id]);

    await client.delete(`/api/cards/${second.id}`);
    expect((await listCards(client)).filter((card) => card.isDefault).map((card) => card.id)).toEqual([third.id]);
  });

  it('requires a session', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/cards')).statusCode).toBe(401);
    expect((await anonymous.post('/api/cards', {})).statusCode).toBe(401);
  });
});

describe('default card under concurrency', () => {
  it('keeps exactly one default when ten requests set different defaults at once', async () => {
    const { client, userId } = await signedIn();
    const cards: Card[] = [];
    for (let index = 0; index < 10; index += 1) cards.push(await createCard(client, { title: `Card ${index}` }));
    const responses = await Promise.all(cards.map((card) => client.post(`/api/cards/${card.id}/default`)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const defaults = (await listCards(client)).filter((card) => card.isDefault);
    expect(defaults).toHaveLength(1);
    const rows = await t.services.database.db.selectFrom('card').select('id').where('owner_id', '=', userId).where('is_default', '=', 1).execute();
    expect(rows).toHaveLength(1);
  });

  it('makes exactly one of several concurrently created first cards the default', async () => {
    const { client } = await signedIn();
    const responses = await Promise.all(Array.from({ length: 6 }, (_, index) => client.post('/api/cards', { title: `Card ${index}` })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect((await listCards(client)).filter((card) => card.isDefault)).toHaveLength(1);
  });

  it('is enforced by the database, not only by the code', async () => {
    const { client, userId } = await signedIn();
    await createCard(client);
    const second = await createCard(client);
    await expect(
      t.services.database.db.updateTable('card').set({ is_default: 1 }).where('id', '=', second.id).execute(),
    ).rejects.toThrow(/unique/i);
    const other = await signedIn();
    // Another owner's default does not count.
    expect((await createCard(other.client)).isDefault).toBe(true);
    expect(userId).not.toBe(other.userId);
  });
});

describe('usernames', () => {
  it('are unique ignoring case, changeable, and mark the card as renamed', async () => {
    const ada = await signedIn();
    const bob = await signedIn();
    const adaCard = await createCard(ada.client);
    const bobCard = await createCard(bob.client);

    const renamed = await ada.client.patch(`/api/cards/${adaCard.id}`, { username: 'Ada-Lovelace' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().card).toMatchObject({ username: 'Ada-Lovelace', userNameChanged: true, version: 2 });

    const clash = await bob.client.patch(`/api/cards/${bobCard.id}`, { username: 'ada-LOVELACE', title: 'Bob' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toEqual({
      code: 'username-taken',
      message: 'This username is already taken',
      fields: { username: 'This username is already taken' },
    });
    expect((await bob.client.get(`/api/cards/${bobCard.id}`)).json().card).toMatchObject({ title: '', username: bobCard.id });

    // Another card's id is taken too: a public address may name a card by its id.
    expect((await ada.client.request('PUT', `/api/cards/${adaCard.id}/username`, { username: bobCard.id })).statusCode).toBe(409);
    // Changing only the case of one's own username is fine.
    const recased = await ada.client.request('PUT', `/api/cards/${adaCard.id}/username`, { username: 'ada-lovelace' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().card.username).toBe('ada-lovelace');

    const check = async (client: TestClient, query: string) => (await client.get(`/api/cards/username-availability?${query}`)).json();
    expect(await check(bob.client, 'username=ADA-lovelace')).toEqual({ username: 'ADA-lovelace', isAvailable: false });
    expect(await check(ada.client, `username=ADA-lovelace&cardId=${adaCard.id}`)).toEqual({ username: 'ADA-lovelace', isAvailable: true });
    // Someone else's card id does not make their username look available.
    expect(await check(bob.client, `username=ada-lovelace&cardId=${adaCard.id}`)).toMatchObject({ isAvailable: false });
    expect(await check(bob.client, 'username=grace-hopper')).toMatchObject({ isAvailable: true });
    const invalid = await bob.client.get('/api/cards/username-availability?username=a%20b');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.username).toMatch(/letters, numbers/);
  });

  it('lets only one of two simultaneous claims win', async () => {
    const ada = await signedIn();
    const bob = await signedIn();
    const adaCard = await createCard(ada.client);
    const bobCard = await createCard(bob.client);
    const results = await Promise.all([
      ada.client.request('PUT', `/api/cards/${adaCard.id}/username`, { username: 'same-name' }),
      bob.client.request('PUT', `/api/cards/${bobCard.id}/username`, { username: 'SAME-name' }),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('images and files', () => {
  it('stores images re-encoded under a random name and removes the replaced one', async () => {
    const { client } = await signedIn();
    const card = await createCard(client);
    const first = await upload(client, `/api/cards/${card.id}/images/cover`, jpeg, 'holiday.jpg', 'image/jpeg');
    expect(first.statusCode, first.body).toBe(200);
    const coverUrl: string = first.json().card.coverImage.url;
    expect(coverUrl).toMatch(new RegExp(`^/files/images/${card.id}/[A-Za-z0-9]{16}\\.webp$`));
    expect(first.json().card.version).toBe(2);

    const served = await client.get(coverUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.includes('secret-exif-marker')).toBe(false);

    const second = await upload(client, `/api/cards/${card.id}/images/cover`, png, 'other.png');
    const profile = await upload(client, `/api/cards/${card.id}/images/profile`, png, 'me.png');
    expect(profile.json().card.profilePicture.url).toMatch(/\.webp$/);
    const images = await t.services.storage.list(`images/${card.id}/`);
    expect(images.map((key) => `/files/${key}`).sort()).toEqual([second.json().card.coverImage.url, profile.json().card.profilePicture.url].sort());

    const removed = await client.delete(`/api/cards/${card.id}/images/cover`);
    expect(removed.json().card.coverImage).toMatchObject({ url: null });
    expect(await t.services.storage.list(`images/${card.id}/`)).toEqual([profile.json().card.profilePicture.url.slice('/files/'.length)]);
  });

  it('adds downloadable files under generated names, keeps the original name as text, and removes them', async () => {
    const { client } = await signedIn();
    const card = await createCard(client);
    const response = await upload(client, `/api/cards/${card.id}/files`, '%PDF-1.7 price list', '../../Price list.pdf', 'application/pdf');
    expect(response.statusCode, response.body).toBe(200);
    const [file] = response.json().card.downloadableFiles;
    expect(file).toMatchObject({ name: 'Price list.pdf', size: 19, contentType: 'application/pdf' });
    expect(file.url).toBe(`/files/files/${card.id}/${file.id}.pdf`);
    const served = await client.get(file.url);
    expect(served.body).toBe('%PDF-1.7 price list');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="${file.id}.pdf"`);

    const csv = await upload(client, `/api/cards/${card.id}/files`, 'a,b\n1,2\n', 'data.csv', 'text/csv');
    expect(csv.json().card.downloadableFiles[1]).toMatchObject({ name: 'data.csv', contentType: 'text/csv; charset=utf-8' });

    const removed = await client.delete(`/api/cards/${card.id}/files/${file.id}`);
    expect(removed.json().card.downloadableFiles.map((f: { id: string }) => f.id)).not.toContain(file.id);
    expect(await t.services.storage.exists(file.url.slice('/files/'.length))).toBe(false);
    expect((await client.delete(`/api/cards/${card.id}/files/${file.id}`)).statusCode).toBe(404);
  });

  it('rejects uploads by content and by size', async () => {
    const { client } = await signedIn();
    const card = await createCard(client);

    const fakeImage = await upload(client, `/api/cards/${card.id}/images/profile`, 'this is not a picture', 'photo.png', 'image/png');
    expect(fakeImage.statusCode).toBe(415);
    expect(fakeImage.json().error.code).toBe('unsupported-image');

    const hugeImage = await upload(client, `/api/cards/${card.id}/images/cover`, Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'big.png', 'image/png');
    expect(hugeImage.statusCode).toBe(413);
    expect(hugeImage.json().error).toMatchObject({ code: 'file-too-large', message: 'The image is larger than 10 MB.' });

    const program = await upload(client, `/api/cards/${card.id}/files`, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]), 'invoice.pdf', 'application/pdf');
    expect(program.statusCode).toBe(415);
    expect(program.json().error.fields.file).toMatch(/cannot be added/);

    const html = await upload(client, `/api/cards/${card.id}/files`, Buffer.from('<html><script>alert(1)</script>\u0000'), 'page.txt');
    expect(html.statusCode).toBe(415);

    const hugeFile = await upload(client, `/api/cards/${card.id}/files`, Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), 'big.txt', 'text/plain');
    expect(hugeFile.statusCode).toBe(413);
    expect(hugeFile.json().error.message).toBe('The file is larger than 10 MB.');

    const noFile = await client.request('POST', `/api/cards/${card.id}/files`, {});
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe('Choose a file to upload.');

    const after = (await client.get(`/api/cards/${card.id}`)).json().card;
    expect(after).toMatchObject({ version: 1, downloadableFiles: [], coverImage: { url: null }, profilePicture: { url: null } });
    expect(await storedKeys()).toEqual([]);
  });
});

describe('duplicate', () => {
  async function cardWithFiles(client: TestClient) {
    const card = await createCard(client, { title: 'Original', links: [{ kind: 'website', url: 'example.com' }] });
    await upload(client, `/api/cards/${card.id}/images/cover`, png, 'cover.png');
    await upload(client, `/api/cards/${card.id}/images/profile`, png, 'me.png');
    await upload(client, `/api/cards/${card.id}/files`, '%PDF-1.7', 'prices.pdf');
    await t.services.storage.put(`appleWallets/${card.id}/pass.pkpass`, Buffer.from('pass'), 'application/vnd.apple.pkpass');
    return (await client.get(`/api/cards/${card.id}`)).json().card as Card;
  }

  it('makes a non-default copy with a new id and its own copies of all files', async () => {
    const { client } = await signedIn();
    const original = await cardWithFiles(client);
    const response = await client.post(`/api/cards/${original.id}/duplicate`);
    expect(response.statusCode, response.body).toBe(201);
    const copy: Card = response.json().card;
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({ username: copy.id, isDefault: false, title: 'Original', links: original.links, version: 1, userNameChanged: false });
    expect(copy.coverImage.url).toBe(original.coverImage.url!.replace(original.id, copy.id));
    expect(copy.downloadableFiles[0]!.url).toBe(original.downloadableFiles[0]!.url.replace(original.id, copy.id));

    const keys = await storedKeys();
    const originalKeys = keys.filter((key) => key.includes(`/${original.id}/`));
    const copiedKeys = keys.filter((key) => key.includes(`/${copy.id}/`));
    expect(originalKeys).toHaveLength(4);
    expect(copiedKeys.sort()).toEqual(originalKeys.map((key) => key.replace(original.id, copy.id)).sort());
    expect((await client.get(copy.coverImage.url!)).statusCode).toBe(200);

    // The copy is independent: deleting it leaves the original's files alone.
    await client.delete(`/api/cards/${copy.id}`);
    expect((await storedKeys()).sort()).toEqual(originalKeys.sort());
  });

  it('removes the new card and every copied file when copying fails midway', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-failing-storage-'));
    const local = createLocalStorage(root);
    let copies = 0;
    const failing: FileStorage = {
      ...local,
      async copy(from, to) {
        copies += 1;
        if (copies === 2) throw new Error('disk full');
        return local.copy(from, to);
      },
    };
    await t.close();
    t = await createTestApp({}, { storage: failing });
    try {
      const { client, userId } = await signedIn();
      const original = await cardWithFiles(client);
      const before = (await storedKeys()).sort();

      const response = await client.post(`/api/cards/${original.id}/duplicate`);
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toEqual({ code: 'duplicate-failed', message: 'Failed to duplicate the card. Please try again.' });
      expect(copies).toBe(2);

      const rows = await t.services.database.db.selectFrom('card').select('id').where('owner_id', '=', userId).execute();
      expect(rows.map((row) => row.id)).toEqual([original.id]);
      expect((await storedKeys()).sort()).toEqual(before);
      const logged = await t.services.database.db.selectFrom('error_log').select('message').execute();
      expect(logged.some((entry) => entry.message.includes('disk full'))).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('answers "Failed to write the document." and removes the copied files when the new card cannot be written', async () => {
    const { client, userId } = await signedIn();
    const original = await cardWithFiles(client);
    const before = (await storedKeys()).sort();
    const { db, dialect } = t.services.database;
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_cards before insert on card begin select raise(abort, 'refused'); end`.execute(db);
    } else {
      await sql`create function refuse_cards() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(db);
      await sql`create trigger refuse_cards before insert on card for each row execute function refuse_cards()`.execute(db);
    }
    const response = await client.post(`/api/cards/${original.id}/duplicate`);
    expect(response.statusCode).toBe(500);
    expect(response.json().error.message).toBe('Failed to write the document.');
    expect((await db.selectFrom('card').select('id').where('owner_id', '=', userId).execute()).map((row) => row.id)).toEqual([original.id]);
    expect((await storedKeys()).sort()).toEqual(before);
  });

  it('answers "Document ID is required to duplicate the card." without an id', async () => {
    const { client } = await signedIn();
    const response = await client.post('/api/cards/%20/duplicate');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Document ID is required to duplicate the card.');
  });
});

describe('deleting', () => {
  it('removes the card and its files in all four folders', async () => {
    const { client } = await signedIn();
    const card = await createCard(client);
    const keep = await createCard(client);
    await upload(client, `/api/cards/${card.id}/images/cover`, png, 'c.png');
    await upload(client, `/api/cards/${card.id}/files`, 'hello', 'hello.txt');
    await upload(client, `/api/cards/${keep.id}/files`, 'keep', 'keep.txt');
    await t.services.storage.put(`appleWallets/${card.id}/p.pkpass`, Buffer.from('p'), 'application/vnd.apple.pkpass');
    await t.services.storage.put(`vcf-files/${card.id}/a.vcf`, Buffer.from('v'), 'text/vcard');

    expect((await client.delete(`/api/cards/${card.id}`)).json()).toEqual({ ok: true });
    const keys = await storedKeys();
    expect(keys.filter((key) => key.includes(card.id))).toEqual([]);
    expect(keys.filter((key) => key.includes(keep.id))).toHaveLength(1);
  });

  it('deletes every card and file of a deleted account', async () => {
    const { client, userId } = await signedIn();
    const other = await signedIn();
    const card = await createCard(client);
    const otherCard = await createCard(other.client);
    await upload(client, `/api/cards/${card.id}/files`, 'mine', 'mine.txt');
    await upload(other.client, `/api/cards/${otherCard.id}/files`, 'theirs', 'theirs.txt');

    const deleted = await client.post('/api/account/delete', { password: 'correct horse battery' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await t.services.database.db.selectFrom('card').select(['id', 'owner_id']).execute();
    expect(rows).toEqual([{ id: otherCard.id, owner_id: other.userId }]);
    expect((await storedKeys()).every((key) => key.includes(otherCard.id))).toBe(true);
    expect(userId).not.toBe(other.userId);
  });
});

describe('authorization', () => {
  it("answers 404 for another user's card on every card endpoint and changes nothing", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const card = await createCard(owner.client, { title: 'Mine' });
    const withFile = await upload(owner.client, `/api/cards/${card.id}/files`, '%PDF-1.4', 'a.pdf');
    const fileId: string = withFile.json().card.downloadableFiles[0].id;
    await upload(owner.client, `/api/cards/${card.id}/images/cover`, png, 'c.png');
    const keysBefore = (await storedKeys()).sort();
    const before = (await owner.client.get(`/api/cards/${card.id}`)).json().card;
    await createCard(stranger.client);

    const attempts: [string, () => ReturnType<TestClient['request']>][] = [
      ['GET card', () => stranger.client.get(`/api/cards/${card.id}`)],
      ['PATCH card', () => stranger.client.patch(`/api/cards/${card.id}`, { title: 'Stolen' })],
      ['PUT username', () => stranger.client.request('PUT', `/api/cards/${card.id}/username`, { username: 'stolen-name' })],
      ['POST duplicate', () => stranger.client.post(`/api/cards/${card.id}/duplicate`)],
      ['POST default', () => stranger.client.post(`/api/cards/${card.id}/default`)],
      ['DELETE card', () => stranger.client.delete(`/api/cards/${card.id}`)],
      ['POST cover image', () => upload(stranger.client, `/api/cards/${card.id}/images/cover`, png, 'x.png')],
      ['POST profile image', () => upload(stranger.client, `/api/cards/${card.id}/images/profile`, png, 'x.png')],
      ['DELETE cover image', () => stranger.client.delete(`/api/cards/${card.id}/images/cover`)],
      ['DELETE profile image', () => stranger.client.delete(`/api/cards/${card.id}/images/profile`)],
      ['POST file', () => upload(stranger.client, `/api/cards/${card.id}/files`, '%PDF-1.4', 'x.pdf')],
      ['DELETE file', () => stranger.client.delete(`/api/cards/${card.id}/files/${fileId}`)],
    ];
    for (const [name, attempt] of attempts) {
      const response = await attempt();
      expect({ name, status: response.statusCode, body: response.json() }).toEqual({
        name,
        status: 404,
        body: { error: { code: 'not-found', message: 'Card not found.' } },
      });
    }
    // Exactly what an unknown id answers.
    expect((await stranger.client.get('/api/cards/AAAAAAAAAAAAAAAAAAAA')).json()).toEqual({ error: { code: 'not-found', message: 'Card not found.' } });

    expect((await listCards(stranger.client)).map((c) => c.id)).not.toContain(card.id);
    expect((await owner.client.get(`/api/cards/${card.id}`)).json().card).toEqual(before);
    expect((await storedKeys()).sort()).toEqual(keysBefore);
    expect(await t.services.database.db.selectFrom('card').select('id').where('owner_id', '=', stranger.userId).execute()).toHaveLength(1);
  });
});

describe('S3-compatible storage', () => {
  it('is chosen by configuration and carries uploads, duplicates and deletes', async () => {
    const fakeS3 = await startFakeS3({ bucket: 'cards', pageSize: 3 });
    await t.close();
    t = await createTestApp({
      S3_BUCKET: 'cards',
      S3_ENDPOINT: fakeS3.endpoint,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
      S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      expect(t.services.storage.kind).toBe('s3');
      const { client } = await signedIn();
      const card = await createCard(client);
      const withImage = await upload(client, `/api/cards/${card.id}/images/profile`, png, 'me.png');
      await upload(client, `/api/cards/${card.id}/files`, '%PDF-1.7', 'prices.pdf');
      const served = await client.get(withImage.json().card.profilePicture.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');

      const copy: Card = (await client.post(`/api/cards/${card.id}/duplicate`)).json().card;
      await t.services.jobs.runDue();
      const uploadedKeys = () => [...fakeS3.objects.keys()].filter((key) => !isGeneratedByPublicPage(key));
      expect(uploadedKeys().filter((key) => key.includes(copy.id))).toHaveLength(2);
      await client.delete(`/api/cards/${card.id}`);
      await t.services.jobs.runDue();
      expect(uploadedKeys().every((key) => key.includes(copy.id))).toBe(true);
    } finally {
      await fakeS3.close();
    }
  });
});
