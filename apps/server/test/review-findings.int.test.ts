/*
 * The security review's findings that are not about sign-in: each block fails without its fix.
 */
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { fileUpload } from './multipart';
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
