import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { buyPro } from '../billing-support';
import { fileUpload, multipartBody } from '../multipart';
import { createTestApp, TestClient, type TestApp } from '../test-app';

/*
 * /files serves only what pages link to for anyone to load: a card's images, files, vCard and QR codes, wallet
 * passes, and account photos. Everything else stored (scanned contact photos, design requests' uploads, any other
 * folder) answers 404 there, signed in or not; a scanned card's photo reaches its owner through the contacts API.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const anonymousGet = (url: string) => t.app.inject({ method: 'GET', url });
const image = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();

describe('/files serves the folders public pages link to, and nothing else', () => {
  it("a scanned card's photo is not served at /files, to anyone; its owner reads it through the contacts API", async () => {
    const owner = new TestClient(t.app);
    await owner.register();
    const { body, headers } = multipartBody([
      { name: 'fields', content: JSON.stringify({ name: 'Jane Doe', emails: ['jane@example.com'] }) },
      { name: 'image', content: await sharp({ create: { width: 900, height: 500, channels: 3, background: '#f4f4f0' } }).jpeg().toBuffer(), filename: 'card.jpg', contentType: 'image/jpeg' },
    ]);
    const saved = await owner.request('POST', '/api/scanner/contacts', body, headers);
    expect(saved.statusCode, saved.body).toBe(201);
    const { contactId } = saved.json() as { contactId: string };
    const [key] = await t.services.storage.list(`contact-cards/${contactId}/`);
    expect(key).toBe(`contact-cards/${contactId}/card.webp`);

    expect((await anonymousGet(`/files/${key}`)).statusCode).toBe(404);
    expect((await owner.get(`/files/${key}`)).statusCode).toBe(404);
    // The same key spelled with an encoded slash is the same key.
    expect((await anonymousGet(`/files/contact-cards%2F${contactId}%2Fcard.webp`)).statusCode).toBe(404);

    const photo = await owner.get(`/api/contacts/${contactId}/card-image`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toBe('private, max-age=300');
    expect((await anonymousGet(`/api/contacts/${contactId}/card-image`)).statusCode).toBe(401);
    const stranger = new TestClient(t.app);
    await stranger.register();
    expect((await stranger.get(`/api/contacts/${contactId}/card-image`)).statusCode).toBe(404);
  });

  it('keys in any folder a public page does not link to answer 404, like a missing file', async () => {
    for (const key of ['design-requests/0b6f3c1e/artwork.pdf', 'contact-cards/x/card.webp', 'backups/cards.sqlite', 'mailbox/reset.eml', 'health-check/probe.txt']) {
      await t.services.storage.put(key, Buffer.from('private'), 'application/octet-stream');
      const response = await anonymousGet(`/files/${key}`);
      expect(response.statusCode, key).toBe(404);
      expect(response.body).toBe('Not found');
    }
  });

  it("a public card's images, files, vCard and QR codes, its wallet pass and an account photo are served to anyone", async () => {
    const owner = new TestClient(t.app);
    await owner.register();
    await buyPro(owner); // downloadable files are a paid feature
    const created = await owner.post('/api/cards', { title: 'Work card', name: 'Ada Lovelace' });
    expect(created.statusCode, created.body).toBe(201);
    let card = created.json().card as Card;
    const cover = fileUpload(await image(), 'cover.png', 'image/png');
    const withCover = await owner.request('POST', `/api/cards/${card.id}/images/cover`, cover.body, cover.headers);
    expect(withCover.statusCode, withCover.body).toBe(200);
    const attachment = fileUpload('%PDF-1.7 price list', 'prices.pdf', 'application/pdf');
    const withFile = await owner.request('POST', `/api/cards/${card.id}/files`, attachment.body, attachment.headers);
    expect(withFile.statusCode, withFile.body).toBe(200);
    card = withFile.json().card as Card;
    while ((await t.services.jobs.runDue()) > 0);
    const photo = fileUpload(await image(), 'me.png', 'image/png');
    const photoUrl = (await owner.request('POST', '/api/account/photo', photo.body, photo.headers)).json().photoUrl as string;
    await t.services.storage.put(`appleWallets/${card.id}/v1-abc/Ada-Lovelace.pkpass`, Buffer.from('PK pass'), 'application/vnd.apple.pkpass');

    const vcfFolder = `vcf-files/${card.id}/`;
    const generated = await t.services.storage.list(vcfFolder);
    expect(generated.some((key) => key.endsWith('.vcf')), generated.join()).toBe(true);
    const urls = [card.coverImage.url!, card.downloadableFiles[0]!.url, photoUrl, ...generated.map((key) => `/files/${key}`), `/files/appleWallets/${card.id}/v1-abc/Ada-Lovelace.pkpass`];
    for (const url of urls) expect((await anonymousGet(url)).statusCode, url).toBe(200);
  });
});
