import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmailSignature, type EmailSignatureData } from '@cardstack/shared/cards/email-signature';
import type { Card } from '@cardstack/shared/cards/schemas';
import type { InsightsResponse } from '@cardstack/shared/insights/schemas';
import { fileUpload } from './multipart';
import { createTestApp, TestClient, testOrigin, type TestApp } from './test-app';

/*
 * The email signature: its data from the API (the owner's only), the images it shows (a JPEG photo and a PNG
 * code, absolute, for mail clients), every address in it answering, and a visit from it counted as "email".
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const visitor = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': phone }, remoteAddress: '198.51.100.7' });
/** A path on this server from an absolute address of it. */
const pathOf = (address: string) => {
  expect(address.startsWith(`${testOrigin}/`), address).toBe(true);
  return address.slice(testOrigin.length);
};

async function owner() {
  const client = new TestClient(t.app);
  await client.register({ name: 'Ada' });
  return client;
}

async function createCard(client: TestClient, body: Record<string, unknown> = {}): Promise<Card> {
  const response = await client.post('/api/cards', {
    title: 'Work',
    name: 'Ada Lovelace',
    jobTitle: 'Analyst',
    companyName: 'Engines Ltd',
    phone: '+44 20 7946 0000',
    email: 'ada@example.com',
    links: [
      { kind: 'website', url: 'https://engines.example', label: '' },
      { kind: 'empty', url: 'mailto:press@engines.example', label: 'Press' },
    ],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  await t.services.jobs.runDue();
  return response.json().card as Card;
}

async function signatureOf(client: TestClient, cardId: string): Promise<EmailSignatureData> {
  const response = await client.get(`/api/cards/${cardId}/email-signature`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().signature as EmailSignatureData;
}

const words = { cardLink: 'My digital business card', qrAlt: 'QR code' };

describe('GET /api/cards/{id}/email-signature', () => {
  it("gives the owner the card's data and its public addresses, absolute and by the card's id", async () => {
    const client = await owner();
    const card = await createCard(client);
    expect(await signatureOf(client, card.id)).toEqual({
      name: 'Ada Lovelace',
      jobTitle: 'Analyst',
      companyName: 'Engines Ltd',
      phones: ['+44 20 7946 0000'],
      emails: ['ada@example.com'],
      photoUrl: null,
      cardUrl: `${testOrigin}/id/${card.id}/`,
      qrImageUrl: `${testOrigin}/id/${card.id}/qr.png`,
      // The web link at its tracked address; the mailto: link has none and stays off the signature.
      links: [{ kind: 'website', label: '', url: expect.stringMatching(new RegExp(`^${testOrigin}/id/${card.id}/l/[\\w-]+$`)) }],
    });
  });

  it('is the owner’s only: another person gets 404, a visitor 401', async () => {
    const card = await createCard(await owner());
    expect((await (await owner()).get(`/api/cards/${card.id}/email-signature`)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/cards/${card.id}/email-signature` });
    expect(anonymous.statusCode).toBe(401);
    expect((await (await owner()).get(`/api/cards/${'x'.repeat(65)}/email-signature`)).statusCode).toBe(400);
  });

  it('every address of the built signature answers: the page, the tracked link, the photo as JPEG and the code as PNG', async () => {
    const client = await owner();
    const card = await createCard(client);
    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const upload = fileUpload(picture, 'me.png', 'image/png');
    const uploaded = await client.request('POST', `/api/cards/${card.id}/images/profile`, upload.body, upload.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await t.services.jobs.runDue();
    const data = await signatureOf(client, card.id);
    expect(data.photoUrl).toBe(`${testOrigin}/id/${card.id}/photo.jpg`);

    const { html } = buildEmailSignature(data, { includeQr: true, words, linkLabel: (link) => link.label || 'Website' });
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    const sources = [...html.matchAll(/src="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    for (const href of hrefs.filter((candidate) => candidate.startsWith('http'))) {
      expect(new URL(href).searchParams.get('src'), href).toBe('email');
      const response = await visitor(pathOf(href));
      expect([200, 302], href).toContain(response.statusCode);
      if (response.statusCode === 302) expect(response.headers.location).toBe('https://engines.example/');
    }
    expect(sources).toEqual([`${testOrigin}/id/${card.id}/photo.jpg`, `${testOrigin}/id/${card.id}/qr.png?src=email`]);

    const photo = await visitor(pathOf(sources[0]!));
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    // Mail clients show it from their own origin.
    expect(photo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const photoMeta = await sharp(photo.rawPayload).metadata();
    expect([photoMeta.format, photoMeta.width, photoMeta.height]).toEqual(['jpeg', 176, 176]);

    const code = await visitor(pathOf(sources[1]!));
    expect(code.statusCode).toBe(200);
    expect(code.headers['content-type']).toBe('image/png');
    expect(code.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const pixels = await sharp(code.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([pixels.info.width, pixels.info.height]).toEqual([264, 264]);
    // Scanned, the code opens the card marked as a visit from an email.
    expect(jsQR(new Uint8ClampedArray(pixels.data), pixels.info.width, pixels.info.height)?.data).toBe(`${testOrigin}/id/${card.id}/?src=email`);
    // The card's own code is unchanged.
    const plain = await visitor(`/id/${card.id}/qr.png`);
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(1024);
    expect(plain.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('a card without a photo has no photo address (404), and a card made before signatures gets its files once', async () => {
    const client = await owner();
    const card = await createCard(client);
    expect((await visitor(`/id/${card.id}/photo.jpg`)).statusCode).toBe(404);
    // Files of a version made before the signature's existed: the code is made on the first request.
    await t.services.storage.delete(`vcf-files/${card.id}/v${card.version}/qr-email.png`);
    const code = await visitor(`/id/${card.id}/qr.png?src=email`);
    expect(code.statusCode).toBe(200);
    expect(await t.services.storage.exists(`vcf-files/${card.id}/v${card.version}/qr-email.png`)).toBe(true);
    expect((await visitor(`/id/unknown-card/photo.jpg`)).statusCode).toBe(404);
  });
});

describe('a visit from an email signature', () => {
  it('is counted under "email" on the insights dashboard', async () => {
    const client = await owner();
    const card = await createCard(client);
    const data = await signatureOf(client, card.id);
    const { html } = buildEmailSignature(data, { includeQr: false, words, linkLabel: () => 'Website' });
    const cardLink = /href="([^"]+\/id\/[^"/]+\/\?src=email)"/.exec(html)![1]!;
    expect((await visitor(pathOf(cardLink))).statusCode).toBe(200);
    await t.services.insights.flush();
    const response = await client.get(`/api/insights?period=30d&cardId=${card.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const insights = response.json() as InsightsResponse;
    expect(insights.sources.map((row) => [row.source, row.views])).toEqual([['email', 1]]);
  });
});
