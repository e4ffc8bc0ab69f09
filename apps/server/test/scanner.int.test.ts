import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactResponse } from '@cardstack/shared/contacts/schemas';
import type { ScannedContactInput, ScannerConfig } from '@cardstack/shared/scanner/schemas';
import { multipartBody } from './multipart';
import { createTestApp, TestClient, type TestApp } from './test-app';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function signedIn() {
  const client = new TestClient(t.app);
  const account = await client.register({ name: 'Scanner Person' });
  return { client, ...account };
}

/** A JPEG "photo" with EXIF (camera, GPS-like text) as a phone would send it. */
async function cardPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 700, channels: 3, background: '#f4f4f0' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Copyright: 'secret owner' } })
    .toBuffer();
}

function saveRequest(client: TestClient, fields: ScannedContactInput | string, image?: { content: Buffer; type?: string }) {
  const { body, headers } = multipartBody([
    { name: 'fields', content: typeof fields === 'string' ? fields : JSON.stringify(fields) },
    ...(image ? [{ name: 'image', content: image.content, filename: 'card.jpg', contentType: image.type ?? 'image/jpeg' }] : []),
  ]);
  return client.request('POST', '/api/scanner/contacts', body, headers);
}

const janeCard: ScannedContactInput = {
  name: 'Jane Doe',
  jobTitle: 'Chief Executive Officer',
  company: 'Acme Robotics Inc.',
  emails: ['jane.doe@acmerobotics.com', 'press@acmerobotics.com'],
  phones: ['+14155550132', '+14155550100'],
  websites: ['https://www.acmerobotics.com'],
  socialLinks: ['https://www.linkedin.com/in/janedoe'],
  address: '500 Market Street, San Francisco, CA 94105',
  notes: 'Met at the robotics fair',
};

describe('the scanner with the defaults', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('tells a signed-in user the languages and where the OCR files are; signed out it is 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/scanner/config' })).statusCode).toBe(401);
    const { client } = await signedIn();
    const response = await client.get('/api/scanner/config');
    expect(response.statusCode, response.body).toBe(200);
    const config = response.json() as ScannerConfig;
    expect(config.languages).toEqual(['eng', 'deu', 'fra', 'spa']);
    expect(config.assetBase).toMatch(/^\/scanner-assets\/[0-9a-f]{10}$/);
    expect(config.ai).toEqual({ isEnabled: false, host: null, sendsImage: false });
  });

  it('serves the worker, the core and the language data with their types, cached for good', async () => {
    const { client } = await signedIn();
    const { assetBase } = (await client.get('/api/scanner/config')).json() as ScannerConfig;
    const get = (name: string) => t.app.inject({ method: 'GET', url: `${assetBase}/${name}` });

    const worker = await get('worker.min.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(worker.headers['content-security-policy']).toBe("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'");

    const core = await get('core/tesseract-core-simd-lstm.wasm.js');
    expect(core.statusCode).toBe(200);
    expect(core.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // The SPA's own policy is untouched: no 'wasm-unsafe-eval' outside the worker.
    expect(String(core.headers['content-security-policy'])).not.toContain('wasm-unsafe-eval');

    const english = await get('lang/eng.traineddata.gz');
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/octet-stream');
    expect(english.headers['content-encoding']).toBeUndefined();
    expect([...english.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    for (const name of ['lang/xyz.traineddata.gz', '../package.json', 'core/index.js', 'core/../../package.json']) {
      expect((await get(name)).statusCode, name).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/scanner-assets/0000000000/worker.min.js' })).statusCode).toBe(404);
  });

  it('saves a reviewed card as a scanned contact with its photo re-encoded and EXIF gone', async () => {
    const { client } = await signedIn();
    const saved = await saveRequest(client, janeCard, { content: await cardPhoto() });
    expect(saved.statusCode, saved.body).toBe(201);
    const { contactId, isMerged } = saved.json() as { contactId: string; isMerged: boolean };
    expect(isMerged).toBe(false);

    const { contact } = (await client.get(`/api/contacts/${contactId}`)).json() as ContactResponse;
    expect(contact).toMatchObject({
      kind: 'scanned',
      manualAdd: true,
      teamOwnerId: null,
      name: 'Jane Doe',
      email: 'jane.doe@acmerobotics.com',
      phone: '+14155550132',
      company: 'Acme Robotics Inc.',
      jobTitle: 'Chief Executive Officer',
      notes: 'Met at the robotics fair',
      scan: {
        emails: ['press@acmerobotics.com'],
        phones: ['+14155550100'],
        websites: ['https://www.acmerobotics.com'],
        socialLinks: ['https://www.linkedin.com/in/janedoe'],
        address: '500 Market Street, San Francisco, CA 94105',
        hasImage: true,
      },
    });

    const image = await client.get(`/api/contacts/${contactId}/card-image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=300');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('secret owner'))).toBe(false);

    // The list filter knows the kind; search finds the card's second email.
    const scanned = (await client.get('/api/contacts?kind=scanned')).json();
    expect(scanned.contacts.map((c: { id: string }) => c.id)).toEqual([contactId]);
    expect((await client.get('/api/contacts?kind=manual')).json().total).toBe(0);
    expect((await client.get('/api/contacts?search=press%40acme')).json().total).toBe(1);

    // Someone else sees neither the contact nor its photo.
    const other = new TestClient(t.app);
    await other.register();
    expect((await other.get(`/api/contacts/${contactId}/card-image`)).statusCode).toBe(404);

    // Deleting the contact deletes the photo.
    expect((await client.delete(`/api/contacts/${contactId}`)).statusCode).toBe(200);
    expect(await t.services.storage.list('contact-cards/')).toEqual([]);
  });

  it('saves a card without a photo; refuses bad input with a message per field and keeps nothing', async () => {
    const { client } = await signedIn();
    const withoutPhoto = await saveRequest(client, { emails: ['only@mail.example'] });
    expect(withoutPhoto.statusCode, withoutPhoto.body).toBe(201);

    const cases: [ScannedContactInput | string, { content: Buffer; type?: string } | undefined, number, string][] = [
      [{ company: 'No One Ltd' }, undefined, 400, 'name'],
      [{ name: 'A', emails: ['not-an-email'] }, undefined, 400, 'emails.0'],
      [{ name: 'A', websites: ['javascript:alert(1)'] }, undefined, 400, 'websites.0'],
      [{ name: 'A', phones: Array.from({ length: 11 }, (_, i) => `+1415555010${i}`) }, undefined, 400, 'phones'],
      ['{not json', undefined, 400, 'form'],
      [{ name: 'A' }, { content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml' }, 415, ''],
      [{ name: 'A' }, { content: Buffer.from('%PDF-1.4 not an image') }, 415, ''],
    ];
    for (const [fields, image, status, field] of cases) {
      const response = await saveRequest(client, fields, image);
      expect(response.statusCode, `${JSON.stringify(fields)} ${response.body}`).toBe(status);
      const body = response.json() as { error: { message: string; fields?: Record<string, string> } };
      expect(body.error.message).not.toMatch(/stack|at \w+ \(/);
      if (field) expect(Object.keys(body.error.fields ?? {})).toContain(field);
    }
    expect((await client.get('/api/contacts')).json().total).toBe(1);
    expect(await t.services.storage.list('contact-cards/')).toEqual([]);

    const notMultipart = await client.post('/api/scanner/contacts', { name: 'JSON body' });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('flags duplicates by any email or phone, in the caller’s contacts only, and merges into one', async () => {
    const { client } = await signedIn();
    const manual = await client.post('/api/contacts', { name: 'Jane D.', phone: '(415) 555-0100', notes: 'From the fair' });
    expect(manual.statusCode, manual.body).toBe(201);
    const manualId = (manual.json() as ContactResponse).contact.id;
    const scanned = (await saveRequest(client, { name: 'Press Office', emails: ['info@other.example', 'press@acmerobotics.com'] })).json().contactId as string;
    await saveRequest(client, { name: 'Unrelated', emails: ['x@unrelated.example'], phones: ['+14155550199'] });

    const other = new TestClient(t.app);
    await other.register();
    await other.post('/api/contacts', { name: 'Other Jane', email: 'jane.doe@acmerobotics.com' });

    const check = await client.post('/api/scanner/duplicates', { emails: janeCard.emails, phones: janeCard.phones });
    expect(check.statusCode, check.body).toBe(200);
    const duplicates = (check.json() as { duplicates: { id: string; matchedOn: string[] }[] }).duplicates;
    expect(duplicates.map((d) => [d.id, d.matchedOn]).sort()).toEqual(
      [
        [manualId, ['4155550100']],
        [scanned, ['press@acmerobotics.com']],
      ].sort(),
    );

    // Merge: the existing contact keeps its own values and gains the card's.
    const merged = await saveRequest(client, { ...janeCard, mergeIntoId: manualId }, { content: await cardPhoto() });
    expect(merged.statusCode, merged.body).toBe(201);
    expect(merged.json()).toEqual({ contactId: manualId, isMerged: true });
    const { contact } = (await client.get(`/api/contacts/${manualId}`)).json() as ContactResponse;
    expect(contact).toMatchObject({
      kind: 'manual',
      name: 'Jane D.',
      email: 'jane.doe@acmerobotics.com',
      phone: '(415) 555-0100',
      company: 'Acme Robotics Inc.',
      jobTitle: 'Chief Executive Officer',
      notes: 'From the fair\n\nMet at the robotics fair',
      // +1 415 555 0100 is the contact's own phone, written another way: not added twice.
      scan: { emails: ['press@acmerobotics.com'], phones: ['+14155550132'], hasImage: true },
    });
    expect((await client.get('/api/contacts')).json().total).toBe(3);

    // Merging into someone else's contact is a 404 and changes nothing.
    const othersId = (await other.get('/api/contacts')).json().contacts[0].id as string;
    const refused = await saveRequest(client, { ...janeCard, mergeIntoId: othersId });
    expect(refused.statusCode).toBe(404);
    expect((await other.get(`/api/contacts/${othersId}`)).json().contact).toMatchObject({ name: 'Other Jane', company: '' });
    expect((await client.get('/api/contacts')).json().total).toBe(3);
  });

  it('answers "Improve with AI" with 404 when no endpoint is configured', async () => {
    const { client } = await signedIn();
    const response = await client.post('/api/scanner/improve', { ocrText: 'Jane Doe', current: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Improve with AI is not set up on this server.');
  });
});

/**
 * A stand-in for an OpenAI-compatible server (as Ollama or vLLM serve it): it checks the request is a
 * chat-completions call with a strict JSON schema, records it, and answers with what the test queued.
 */
async function fakeChatCompletions() {
  const requests: { path: string; authorization?: string; body: Record<string, unknown> }[] = [];
  const answers: { status: number; content: string }[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text) as { model?: string; messages?: unknown[]; response_format?: { type?: string; json_schema?: { schema?: unknown } } };
      requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      const isWellFormed = typeof body.model === 'string' && Array.isArray(body.messages) && body.response_format?.type === 'json_schema' && body.response_format.json_schema?.schema;
      const answer = answers.shift() ?? { status: 200, content: '{}' };
      response.writeHead(isWellFormed ? answer.status : 400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, requests, answers, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('"Improve with AI" against a local OpenAI-compatible endpoint', () => {
  let fake: Awaited<ReturnType<typeof fakeChatCompletions>>;
  afterEach(async () => {
    await fake?.close();
  });

  const improved = {
    name: 'Jane Doe',
    jobTitle: 'CEO',
    company: 'Acme Robotics Inc.',
    emails: ['jane.doe@acmerobotics.com', 'not an email'],
    phones: ['+14155550132'],
    websites: ['https://www.acmerobotics.com'],
    socialLinks: [],
    address: '500 Market Street, San Francisco, CA 94105',
  };

  it('sends the OCR text (not the photo), validates the answer and drops what the schema refuses', async () => {
    fake = await fakeChatCompletions();
    t = await createTestApp({ SCANNER_LLM_URL: fake.url, SCANNER_LLM_MODEL: 'card-reader', SCANNER_LLM_API_KEY: 'sk-local' });
    const { client } = await signedIn();
    const config = (await client.get('/api/scanner/config')).json() as ScannerConfig;
    expect(config.ai).toEqual({ isEnabled: true, host: new URL(fake.url).host, sendsImage: false });

    fake.answers.push({ status: 200, content: JSON.stringify(improved) });
    const response = await client.post('/api/scanner/improve', {
      ocrText: 'JANE DOE\nCEO\nAcme Robotics Inc.',
      imageDataUrl: 'data:image/jpeg;base64,AAAA',
      current: { name: 'JANE DOE' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().fields).toEqual({ ...improved, emails: ['jane.doe@acmerobotics.com'] });

    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-local');
    expect(request?.body.model).toBe('card-reader');
    expect(JSON.stringify(request?.body.messages)).toContain('Acme Robotics Inc.');
    expect(JSON.stringify(request?.body.messages)).not.toContain('data:image');
  });

  it('sends the photo only when vision is on; an unusable answer is a 502 with a message', async () => {
    fake = await fakeChatCompletions();
    t = await createTestApp({ SCANNER_LLM_URL: `${fake.url}/chat/completions`, SCANNER_LLM_MODEL: 'vision-model', SCANNER_LLM_VISION: 'true' });
    const { client } = await signedIn();
    fake.answers.push({ status: 200, content: JSON.stringify(improved) });
    const ok = await client.post('/api/scanner/improve', { ocrText: 'x', imageDataUrl: 'data:image/jpeg;base64,AAAA', current: {} });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(JSON.stringify(fake.requests[0]?.body.messages)).toContain('"image_url":{"url":"data:image/jpeg;base64,AAAA"}');
    expect(fake.requests[0]?.authorization).toBeUndefined();

    for (const answer of [
      { status: 200, content: 'Sure! The name is Jane.' },
      { status: 200, content: JSON.stringify({ name: 42 }) },
      { status: 500, content: '' },
    ]) {
      fake.answers.push(answer);
      const failed = await client.post('/api/scanner/improve', { ocrText: 'x', current: {} });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error.message).toBe('The AI service did not answer with usable fields. Your fields are unchanged.');
    }
    const invalid = await client.post('/api/scanner/improve', { ocrText: 'x'.repeat(9000), current: {} });
    expect(invalid.statusCode).toBe(400);
  });

  it('gives up after the timeout', async () => {
    const hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      t = await createTestApp({ SCANNER_LLM_URL: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/v1`, SCANNER_LLM_MODEL: 'm', SCANNER_LLM_TIMEOUT_SECONDS: '1' });
      const { client } = await signedIn();
      const response = await client.post('/api/scanner/improve', { ocrText: 'x', current: {} });
      expect(response.statusCode).toBe(502);
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });
});
