import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultLeadConsentText, type Card } from '@cardstack/shared/cards/schemas';
import type { ContactListResponse } from '@cardstack/shared/contacts/schemas';
import { publicCardTexts } from '@cardstack/shared/public-card/schemas';
import { toDay } from '@cardstack/shared/insights/periods';
import { readStream } from '../src/modules/public-card/card-artifacts';
import { fileUpload } from './multipart';
import { buyPro } from './billing-support';
import { createTestApp, TestClient, testOrigin, type TestApp } from './test-app';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } }).png().toBuffer();
});
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const db = () => t.services.database.db;
/** A phone's browser: requests without a browser's user agent are not counted as visits. */
const phoneAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const get = (url: string, headers: Record<string, string> = {}, app: TestApp = t) =>
  app.app.inject({ method: 'GET', url, headers: { 'user-agent': phoneAgent, ...headers }, remoteAddress: '203.0.113.9' });

/** A card's counters of one day, as the insights tables hold them: the rows by source, then the details. */
async function countersOf(cardId: string, day: string) {
  const rows = await db().selectFrom('insight_daily').selectAll().where('card_id', '=', cardId).where('day', '=', day).orderBy('source').execute();
  const details = await db()
    .selectFrom('insight_detail_daily')
    .select(['kind', 'detail', 'count'])
    .where('card_id', '=', cardId)
    .where('day', '=', day)
    .orderBy('kind')
    .execute();
  const nonZero = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).filter(([name, value]) => !['card_id', 'day'].includes(name) && value !== 0 && value !== '0'));
  return { rows: rows.map((row) => nonZero({ ...row, source: row.source || '(none)' })), details: details.map((row) => ({ ...row, count: Number(row.count) })) };
}

/** A visitor's browser posting the lead form: urlencoded without JavaScript, or through the page script. */
function postLead(cardId: string, fields: Record<string, string>, options: { js?: boolean; ip?: string; app?: TestApp } = {}) {
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: `/id/${cardId}/lead`,
    remoteAddress: options.ip ?? '198.51.100.7',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: options.js ? 'application/json' : 'text/html,application/xhtml+xml',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** An owner on a fresh account. The newer pricing model allows one card on Basic: a second needs `buyPro`. */
async function owner(app: TestApp = t) {
  const client = new TestClient(app.app);
  const account = await client.register({ name: 'Owner Person' });
  return { client, ...account };
}

async function createCard(client: TestClient, body: Record<string, unknown> = {}): Promise<Card> {
  const response = await client.post('/api/cards', { title: 'Work card', name: 'Ada Lovelace', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card;
}

async function patchCard(client: TestClient, cardId: string, body: Record<string, unknown>): Promise<Card> {
  const response = await client.patch(`/api/cards/${cardId}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().card;
}

const fullCard = {
  name: 'Doe, Jane; "JJ" 😀 山田',
  jobTitle: 'Head of Sales, EMEA',
  companyName: 'Acme; Robotics, GmbH',
  description: 'Line one\nLine two; with, punctuation',
  email: 'jane@example.com',
  emails: ['sales@example.com'],
  phone: '+49 30 1234567',
  phones: ['+1 555 010 9999'],
  address: 'Friedrichstraße 123, Berlin',
  addresses: ['東京都千代田区丸の内1-1-1'],
  links: [
    { kind: 'linkedin', url: 'linkedin.com/in/jane-doe', label: '' },
    { kind: 'website', url: 'https://acme.example/pilot?ref=card', label: 'Pilot' },
    { kind: 'empty', url: 'mailto:hello@acme.example', label: 'Mail us' },
  ],
};

function parseVCard(text: string) {
  return new ICAL.Component(ICAL.parse(text));
}

/** ical.js keeps `\;` escaped in 3.0 text values (kewisch/ical.js#173); RFC 2426 readers unescape it. */
const rfc2426Text = (value: unknown) => String(value).replace(/\\;/g, ';');

describe('the public page', () => {
  it('is served by id and by username as complete HTML with meta tags, a strict CSP and no inline script', async () => {
    const { client } = await owner();
    const card = await createCard(client, fullCard);
    const renamed = await client.request('PUT', `/api/cards/${card.id}/username`, { username: 'Jane-Doe' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    for (const path of [`/id/${card.id}/`, '/id/Jane-Doe/', '/id/jane-doe/']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = page.body;
      expect(html.startsWith('<!doctype html><html lang="en" dir="ltr">')).toBe(true);
      expect(html).toContain('<title>Doe, Jane; &quot;JJ&quot; 😀 山田 · Head of Sales, EMEA, Acme; Robotics, GmbH</title>');
      expect(html).toContain(`<link rel="canonical" href="${testOrigin}/id/Jane-Doe/"/>`);
      expect(html).toContain('<meta property="og:title" content="Doe, Jane; &quot;JJ&quot; 😀 山田 · Head of Sales, EMEA, Acme; Robotics, GmbH"/>');
      expect(html).toContain('<meta property="og:description" content="Line one Line two; with, punctuation"/>');
      expect(html).toContain('<meta name="twitter:card" content="summary"/>');
      expect(html).toContain(`href="/id/${card.id}/contact.vcf"`);
      // One script, from our origin; none inline.
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html).toMatch(/<script src="\/card-assets\/card\.[0-9a-f]{12}\.js" defer=""><\/script>/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    }
    const script = await get((/<script src="([^"]+)"/.exec((await get(`/id/${card.id}/`)).body) ?? [])[1]!);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toContain('immutable');
  });

  it('redirects the address without a trailing slash and sends compressed, revalidated HTML', async () => {
    const { client } = await owner();
    const card = await createCard(client, fullCard);
    const bare = await get(`/id/${card.id}`);
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe(`/id/${card.id}/`);

    const brotli = await get(`/id/${card.id}/`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding, accept-language');
    // The first view (HTML with its inlined CSS) within the 14 KB budget, compressed.
    expect(brotli.rawPayload.length).toBeLessThan(14 * 1024);
    const gzip = await get(`/id/${card.id}/`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(14 * 1024);

    const again = await get(`/id/${card.id}/`, { 'if-none-match': String(brotli.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('shows a change made through this process on the next request', async () => {
    const { client } = await owner();
    const card = await createCard(client, { name: 'First Name' });
    expect((await get(`/id/${card.id}/`)).body).toContain('First Name');
    await patchCard(client, card.id, { name: 'Second Name' });
    expect((await get(`/id/${card.id}/`)).body).toContain('Second Name');
    await client.request('PUT', `/api/cards/${card.id}/username`, { username: 'second-name' });
    expect((await get('/id/second-name/')).body).toContain('Second Name');
  });

  it('shows a change made through another process within the version check interval, or at once with 0', async () => {
    for (const interval of [0, 300]) {
      const app = await createTestApp({ PUBLIC_PAGE_VERSION_CHECK_MS: String(interval) });
      try {
        const { client } = await owner(app);
        const card = await createCard(client, { name: 'Second Name' });
        expect((await get(`/id/${card.id}/`, {}, app)).body).toContain('Second Name');
        // Another process sharing the database changed the row and bumped the version; this one never heard.
        await app.services.database.db.updateTable('card').set({ name: 'Third Name', version: card.version + 5 }).where('id', '=', card.id).execute();
        if (interval > 0) {
          expect((await get(`/id/${card.id}/`, {}, app)).body).toContain('Second Name');
          await new Promise((resolve) => setTimeout(resolve, interval + 50));
        }
        const page = (await get(`/id/${card.id}/`, {}, app)).body;
        expect(page).toContain('Third Name');
        expect(page).not.toContain('Second Name');
        // What hangs off the page reads the version every time: never older than the card.
        expect((await get(`/id/${card.id}/contact.vcf`, {}, app)).body).toContain('FN:Third Name');
      } finally {
        await app.close();
      }
    }
  });

  it('answers an unknown id or username with a real 404 page', async () => {
    for (const path of ['/id/no-such-card/', '/id/no-such-card/contact.vcf', '/id/no-such-card/qr.svg', `/id/${'x'.repeat(80)}/`]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(`<h1>${publicCardTexts.notFoundTitle}</h1>`);
    }
  });

  it('shows a card blocked by its owner’s plan as not active, with none of its data', async () => {
    const { client } = await owner();
    await buyPro(client);
    const active = await createCard(client, { title: 'Kept', name: 'Kept Person' });
    const blocked = await createCard(client, { ...fullCard, title: 'Secret title', name: 'Blocked Person' });
    // Back to Basic at the end of the 7-day trial: the newer pricing model keeps one card active.
    await client.post('/api/billing/cancel-at-period-end');
    expect((await client.post('/api/billing/test-clock', { days: 8 })).statusCode).toBe(200);
    await patchCard(client, blocked.id, { leadForm: { isEnabled: true, thankYouMessage: 'Secret thanks' } });
    await client.request('PUT', `/api/cards/${blocked.id}/username`, { username: 'blocked-name' });
    await t.services.jobs.runDue();
    expect((await client.get('/api/billing/card-access')).json()).toMatchObject({ activeCardIds: [active.id], blockedCardIds: [blocked.id] });

    const secrets = ['Blocked Person', 'Secret', blocked.id, 'blocked-name', 'jane@example.com', 'Acme', 'linkedin', '1234567'];
    const responses = [
      await get(`/id/${blocked.id}/`),
      await get('/id/blocked-name/'),
      await get(`/id/${blocked.id}/contact.vcf`),
      await get(`/id/${blocked.id}/qr.png`),
      await get(`/id/${blocked.id}/thanks`),
      await get(`/id/${blocked.id}/l/anything`),
      await postLead(blocked.id, { name: 'Visitor' }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain(publicCardTexts.inactiveTitle);
      for (const secret of secrets) expect(response.body).not.toContain(secret);
      expect(JSON.stringify(response.headers)).not.toContain(blocked.id);
    }
    expect((await postLead(blocked.id, { name: 'Visitor' }, { js: true })).json()).toEqual({
      error: { code: 'card-inactive', message: publicCardTexts.inactiveTitle },
    });
    expect((await get(`/id/${active.id}/`)).statusCode).toBe(200);

    // Deleting the active card frees the allowance for the other one.
    expect((await client.delete(`/api/cards/${active.id}`)).statusCode).toBe(200);
    expect((await get(`/id/${blocked.id}/`)).statusCode).toBe(200);
  });
});

describe('Save contact (vCard)', () => {
  it('serves the stored vCard of the current version, which an independent parser reads back intact', async () => {
    const { client } = await owner();
    let card = await createCard(client, fullCard);
    const picture = fileUpload(png, 'me.png');
    const uploaded = await client.request('POST', `/api/cards/${card.id}/images/profile`, picture.body, picture.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    card = uploaded.json().card;
    await t.services.jobs.runDue();

    const response = await get(`/id/${card.id}/contact.vcf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Doe-Jane-JJ.vcf"; filename*=UTF-8''Doe-Jane-JJ-${encodeURIComponent('山田')}.vcf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');

    const vcard = parseVCard(response.body);
    expect(vcard.getFirstPropertyValue('version')).toBe('3.0');
    expect(rfc2426Text(vcard.getFirstPropertyValue('fn'))).toBe(fullCard.name);
    expect(rfc2426Text(vcard.getFirstPropertyValue('title'))).toBe(fullCard.jobTitle);
    expect(rfc2426Text(vcard.getFirstPropertyValue('org'))).toBe('Acme; Robotics, GmbH');
    expect(rfc2426Text(vcard.getFirstPropertyValue('note'))).toBe(fullCard.description);
    expect(vcard.getAllProperties('tel').map((p) => p.getFirstValue())).toEqual(['+49 30 1234567', '+1 555 010 9999']);
    expect(vcard.getAllProperties('email').map((p) => p.getFirstValue())).toEqual(['jane@example.com', 'sales@example.com']);
    expect(vcard.getAllProperties('adr').map((p) => p.getFirstValue())).toEqual([
      ['', '', 'Friedrichstraße 123, Berlin', '', '', '', ''],
      ['', '', '東京都千代田区丸の内1-1-1', '', '', '', ''],
    ]);
    expect(vcard.getAllProperties('url').map((p) => p.getFirstValue())).toEqual([
      `${testOrigin}/id/${card.id}/`,
      'https://linkedin.com/in/jane-doe',
      'https://acme.example/pilot?ref=card',
      'mailto:hello@acme.example',
    ]);
    expect(vcard.getFirstProperty('x-socialprofile')?.getParameter('type')).toBe('linkedin');
    const photo = vcard.getFirstProperty('photo');
    expect(photo?.getParameter('type')).toBe('JPEG');
    const jpeg = Buffer.from(String(photo?.getFirstValue()), 'base64');
    const metadata = await sharp(jpeg).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(Math.max(metadata.width ?? 0, metadata.height ?? 0)).toBeLessThanOrEqual(400);
    // Every physical line within 75 octets, CRLF only.
    for (const line of response.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(response.body).not.toMatch(/(?<!\r)\n/);

    // Stored under vcf-files and recorded on the card for this version.
    const row = await db().selectFrom('card').select(['vcf_file_name', 'vcf_link', 'version']).where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(row.vcf_file_name).toBe('Doe-Jane-JJ.vcf');
    expect(row.vcf_link).toBe(`/files/vcf-files/${card.id}/v${row.version}/Doe-Jane-JJ.vcf`);
    const stored = await t.services.storage.get(row.vcf_link!.slice('/files/'.length));
    expect((await readStream(stored!.body)).toString('utf8')).toBe(response.body);
  });

  it('is made again on every update and never served stale, even when another process changed the card', async () => {
    const { client } = await owner();
    const card = await createCard(client, { name: 'Before Update' });
    await t.services.jobs.runDue();
    expect((await get(`/id/${card.id}/contact.vcf`)).body).toContain('FN:Before Update');

    const updated = await patchCard(client, card.id, { name: 'After Update', jobTitle: 'New job' });
    expect(updated.vcfLink).toBeNull();
    // Asked for at once, before the background job could finish: still the new card.
    const fresh = await get(`/id/${card.id}/contact.vcf`);
    expect(fresh.body).toContain('FN:After Update');
    expect(fresh.body).toContain('TITLE:New job');
    await t.services.jobs.runDue();
    const keys = await t.services.storage.list(`vcf-files/${card.id}/`);
    expect(keys.every((key) => key.startsWith(`vcf-files/${card.id}/v${updated.version}/`)), keys.join()).toBe(true);
    expect(keys).toContain(`vcf-files/${card.id}/v${updated.version}/After-Update.vcf`);

    // Another process changed the card (and, as every change does, bumped the version and cleared the vCard).
    await db()
      .updateTable('card')
      .set({ name: 'Third Version', version: updated.version + 1, vcf_file_name: null, vcf_link: null })
      .where('id', '=', card.id)
      .execute();
    const third = await get(`/id/${card.id}/contact.vcf`);
    expect(third.body).toContain('FN:Third Version');
    expect(third.body).not.toContain('After Update');
    // Even a change that left the old vCard recorded is caught: the recorded file is of another version.
    await db().updateTable('card').set({ name: 'Fourth Version', version: updated.version + 2 }).where('id', '=', card.id).execute();
    expect((await get(`/id/${card.id}/contact.vcf`)).body).toContain('FN:Fourth Version');
  });
});

describe('QR code', () => {
  it('is made when the card is saved, stored, and offered as SVG and PNG', async () => {
    const { client } = await owner();
    const card = await createCard(client);
    await t.services.jobs.runDue();
    const folder = `vcf-files/${card.id}/v${card.version}/`;
    expect(await t.services.storage.exists(`${folder}qr.svg`)).toBe(true);
    expect(await t.services.storage.exists(`${folder}qr.png`)).toBe(true);

    const svg = await get(`/id/${card.id}/qr.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-disposition']).toBe('inline');
    expect(svg.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.body).not.toMatch(/<script|on\w+=/i);
    expect(svg.headers['content-security-policy']).toContain('sandbox');

    const download = await get(`/id/${card.id}/qr.png?download=1`);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Ada-Lovelace-qr.png"');
    const metadata = await sharp(download.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1024, 1024]);

    // A save makes the next version's codes.
    const updated = await patchCard(client, card.id, { jobTitle: 'Changed' });
    await t.services.jobs.runDue();
    expect(await t.services.storage.exists(`vcf-files/${card.id}/v${updated.version}/qr.svg`)).toBe(true);
    expect(await t.services.storage.exists(`${folder}qr.svg`)).toBe(false);
  });

  it('a duplicate gets its own codes, of its own address', async () => {
    const { client } = await owner();
    await buyPro(client);
    const card = await createCard(client);
    await t.services.jobs.runDue();
    const copy = (await client.post(`/api/cards/${card.id}/duplicate`)).json().card as Card;
    await t.services.jobs.runDue();
    const keys = await t.services.storage.list(`vcf-files/${copy.id}/`);
    expect(keys.sort()).toEqual([
      `vcf-files/${copy.id}/v1/Ada-Lovelace.vcf`,
      `vcf-files/${copy.id}/v1/qr-email.png`,
      `vcf-files/${copy.id}/v1/qr.png`,
      `vcf-files/${copy.id}/v1/qr.svg`,
    ]);
    const vcf = await t.services.storage.get(`vcf-files/${copy.id}/v1/Ada-Lovelace.vcf`);
    expect((await readStream(vcf!.body)).toString()).toContain(`URL:${testOrigin}/id/${copy.id}/`);
  });
});

describe('the lead form', () => {
  async function leadCard(thankYouMessage = '') {
    const account = await owner();
    const card = await createCard(account.client, { leadForm: { isEnabled: true, thankYouMessage } });
    return { ...account, card };
  }

  async function contactsOf(client: TestClient) {
    const response = await client.get('/api/contacts');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ContactListResponse).contacts;
  }

  it('without JavaScript: a form post, a 303 back to the card with the thank-you text, a lead and a mail', async () => {
    const { client, card, email } = await leadCard('Thanks, talk soon!');
    const response = await postLead(card.id, {
      name: 'Vera Visitor',
      email: 'vera@example.com',
      phone: '+49 170 1234567',
      company: 'Visiting Ltd',
      message: 'Call me',
      consent: 'yes',
      website: '',
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(`/id/${card.id}/thanks`);
    const thanks = await get(String(response.headers.location));
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('<p role="status" class="pc-sent">Thanks, talk soon!</p>');
    expect(thanks.body).not.toContain('<form');

    const [lead] = await contactsOf(client);
    expect(lead).toMatchObject({ kind: 'lead', manualAdd: false, name: 'Vera Visitor', email: 'vera@example.com', company: 'Visiting Ltd', cardId: card.id });
    const detail = (await client.get(`/api/contacts/${lead!.id}`)).json().contact;
    expect(detail).toMatchObject({ message: 'Call me', consentText: defaultLeadConsentText });
    const mails = await db().selectFrom('mail_outbox').selectAll().where('to', '=', email).where('template', '=', 'new-lead').execute();
    expect(mails).toHaveLength(1);
  });

  it('with JavaScript: JSON in, JSON out, with the default thank-you text', async () => {
    const { client, card } = await leadCard();
    const response = await postLead(card.id, { name: 'Jo Script', email: 'jo@example.com', consent: 'yes' }, { js: true });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: 'Thank you for submitting the form!' });
    const asJson = await t.app.inject({
      method: 'POST',
      url: `/id/${card.id}/lead`,
      remoteAddress: '198.51.100.8',
      headers: { 'content-type': 'application/json' },
      payload: { name: 'Json Body', consent: false },
    });
    expect(asJson.statusCode, asJson.body).toBe(201);
    const names = (await contactsOf(client)).map((contact) => contact.name).sort();
    expect(names).toEqual(['Jo Script', 'Json Body']);
  });

  it('shows what is wrong: beside the fields without JavaScript, as field errors in JSON with it', async () => {
    const { client, card } = await leadCard();
    const page = await postLead(card.id, { name: '<img src=x onerror=alert(1)>', email: 'not-an-email' });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('Enter a valid email address');
    expect(page.body).toContain('value="&lt;img src=x onerror=alert(1)&gt;"');
    expect(page.body).not.toContain('<img src=x');

    const json = await postLead(card.id, { name: '', email: '' }, { js: true });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.fields).toEqual({ name: 'Enter a name or an email' });
    expect(await contactsOf(client)).toEqual([]);
  });

  it('thanks a bot that filled the honeypot like a person and stores nothing', async () => {
    const { client, card } = await leadCard();
    const response = await postLead(card.id, { name: 'Bot', email: 'bot@example.com', website: 'http://spam.example' }, { js: true });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Thank you for submitting the form!' });
    expect(await contactsOf(client)).toEqual([]);
    await t.services.insights.flush();
    expect(await db().selectFrom('insight_daily').selectAll().where('leads', '>', 0).execute()).toEqual([]);
  });

  it('refuses a card whose owner turned the form off', async () => {
    const { client, card } = await leadCard();
    await patchCard(client, card.id, { leadForm: { isEnabled: false, thankYouMessage: '' } });
    expect((await get(`/id/${card.id}/`)).body).not.toContain('<form');
    const response = await postLead(card.id, { name: 'Late Visitor' }, { js: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('lead-form-off');
  });

  it('is rate limited per IP address, with a page or JSON as asked, and only the form is', async () => {
    const limited = await createTestApp({ LEAD_FORM_RATE_LIMIT_MAX: '2' });
    try {
      const { client } = await owner(limited);
      const card = await createCard(client);
      for (let index = 0; index < 2; index += 1) {
        expect((await postLead(card.id, { name: `Visitor ${index}` }, { app: limited, js: true })).statusCode).toBe(201);
      }
      const json = await postLead(card.id, { name: 'Too many' }, { app: limited, js: true });
      expect(json.statusCode).toBe(429);
      expect(json.json().error).toMatchObject({ code: 'too-many-requests', message: publicCardTexts.tooManyLeads });
      expect(Number(json.headers['retry-after'])).toBeGreaterThan(0);
      const page = await postLead(card.id, { name: 'Too many' }, { app: limited });
      expect(page.statusCode).toBe(429);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(publicCardTexts.tooManyLeads);
      // Another address may still send; pages are not limited.
      expect((await postLead(card.id, { name: 'Neighbour' }, { app: limited, js: true, ip: '192.0.2.1' })).statusCode).toBe(201);
      for (let index = 0; index < 20; index += 1) expect((await get(`/id/${card.id}/`, {}, limited)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('tracking', () => {
  it('counts views, vCard downloads, link clicks, file downloads and leads per card and day, and nothing else', async () => {
    const { client } = await owner();
    await buyPro(client); // attachments are a paid feature
    const card = await createCard(client, fullCard);
    const upload = fileUpload('%PDF-1.7 price list', 'Preisliste für 2025.pdf', 'application/pdf');
    const withFile = await client.request('POST', `/api/cards/${card.id}/files`, upload.body, upload.headers);
    expect(withFile.statusCode, withFile.body).toBe(200);
    const file = (withFile.json().card as Card).downloadableFiles[0]!;

    const html = (await get(`/id/${card.id}/`)).body;
    await get(`/id/${card.id}/`);
    await get(`/id/${card.id}/`);
    await get(`/id/${card.id}/contact.vcf`);
    const linkPaths = [...html.matchAll(/href="(\/id\/[^/]+\/l\/[^"]+)"/g)].map((match) => match[1]!);
    expect(linkPaths).toHaveLength(2);
    const click = await get(linkPaths[1]!);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://acme.example/pilot?ref=card');
    expect(html).toContain('href="mailto:hello@acme.example"');

    expect(html).toContain(`href="/id/${card.id}/f/${file.id}"`);
    const download = await get(`/id/${card.id}/f/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.7 price list');
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Preisliste fur 2025.pdf"; filename*=UTF-8\'\'Preisliste%20f%C3%BCr%202025.pdf');
    await postLead(card.id, { name: 'Counted Lead' }, { js: true });

    await t.services.insights.flush();
    const today = toDay(new Date());
    const linkId = linkPaths[1]!.split('/').at(-1)!;
    expect(await countersOf(card.id, today)).toEqual({
      rows: [
        // Views by device, saves, clicks, downloads and leads have no source.
        { source: '(none)', saves: 1, link_clicks: 1, file_downloads: 1, leads: 1, mobile_views: 3 },
        // One address and browser all day: one visitor.
        { source: 'direct', views: 3, uniques: 1 },
      ],
      details: [{ kind: 'link', detail: linkId, count: 1 }],
    });
    // Counts add up across flushes; the tables hold counts and nothing about the visitor.
    await get(`/id/${card.id}/`);
    await t.services.insights.flush();
    expect((await countersOf(card.id, today)).rows[1]).toEqual({ source: 'direct', views: 4, uniques: 1 });
    for (const table of ['insight_daily', 'insight_monthly', 'insight_detail_daily', 'insight_visitor'] as const) {
      expect(JSON.stringify(await db().selectFrom(table).selectAll().execute())).not.toContain('203.0.113.9');
    }
  });

  it('drops the counts of a card deleted before they were written', async () => {
    const { client } = await owner();
    const card = await createCard(client);
    await get(`/id/${card.id}/`);
    expect((await client.delete(`/api/cards/${card.id}`)).statusCode).toBe(200);
    await t.services.insights.flush();
    expect(await db().selectFrom('insight_daily').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('error_log').selectAll().execute()).toEqual([]);
  });
});

describe('link clicks', () => {
  it('go only to the card’s own stored, safe links: no open redirect', async () => {
    const { client } = await owner();
    const card = await createCard(client, { links: [{ kind: 'website', url: 'https://example.com/a', label: '' }] });
    const [path] = [...(await get(`/id/${card.id}/`)).body.matchAll(/href="(\/id\/[^/]+\/l\/[^"]+)"/g)].map((match) => match[1]!);
    for (const query of ['?url=https://evil.example', '?to=//evil.example', '?next=javascript:alert(1)']) {
      const response = await get(`${path}${query}`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://example.com/a');
    }
    for (const bad of ['https%3A%2F%2Fevil.example', '..%2F..%2Fevil', 'unknown']) {
      const response = await get(`/id/${card.id}/l/${bad}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
    }
    // A link that slipped past validation into the database is neither shown nor followed.
    await db()
      .updateTable('card')
      .set({ links: JSON.stringify([{ kind: 'empty', url: 'javascript:alert(1)', label: 'Evil' }]), version: card.version + 1 })
      .where('id', '=', card.id)
      .execute();
    t.services.publicCard.onCardChanged({ cardId: card.id, ownerId: card.ownerId, kind: 'saved' });
    const html = (await get(`/id/${card.id}/`)).body;
    expect(html).not.toContain('javascript:');
    expect(html).not.toMatch(/\/l\//);
  });
});
