import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmailSignature, type EmailSignatureData } from '@cardstack/shared/cards/email-signature';
import type { Card } from '@cardstack/shared/cards/schemas';
import { readHtml } from '../html-reader';
import { invitationTokenFor, invite, subscribeToTeams } from '../teams-support';
import { createTestApp, TestClient, testOrigin, type TestApp } from '../test-app';

/*
 * Item three of the security suite: a corpus of cross-site scripting payloads typed into every place where
 * user text is rendered as HTML by the server — the public card page (and its thank-you and form-error
 * pages), the mails, and the local test checkout's pages — read back with an independent HTML parser. The
 * page with a payload must hold no element, attribute or script that the same page with plain words lacks.
 */

export const xssCorpus = [
  '<script>alert(1)</script>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">click</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<body onload=alert(1)>',
  "<style>@import 'https://evil.example/x.css';</style>",
  '</title><script>alert(1)</script>',
  '</textarea><script>alert(1)</script>',
  '</style><script>alert(1)</script>',
  '<!--<script>alert(1)//-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<form action="https://evil.example"><input name=x></form>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '\u2028\u2029<script>alert(1)</script>',
  '"onmouseover="alert(1)',
  "' onfocus='alert(1)' autofocus='",
  '<img src=x onerror="alert(String.fromCharCode(88,83,83))">',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
] as const;

/** What an HTML document is made of: its elements, attribute names, scripts and link targets. */
function structureOf(html: string) {
  const document = parseDocument(html, { decodeEntities: true });
  const elements = DomUtils.findAll(() => true, document.children);
  return {
    tags: new Set(elements.map((element) => element.name)),
    attributes: new Set(elements.flatMap((element) => Object.keys(element.attribs))),
    scripts: elements.filter((element) => element.name === 'script').map((element) => `${element.attribs.src ?? ''}|${DomUtils.textContent(element).length}`),
    hrefs: elements.flatMap((element) => [element.attribs.href, element.attribs.src, element.attribs.action].filter((value): value is string => value !== undefined)),
  };
}

/** The page with a payload adds nothing to the structure of the same page with plain words. */
function expectInert(html: string, baseline: string, where: string): void {
  const page = structureOf(html);
  const plain = structureOf(baseline);
  expect([...page.tags].filter((tag) => !plain.tags.has(tag)), `${where}: new elements`).toEqual([]);
  expect([...page.attributes].filter((name) => !plain.attributes.has(name)), `${where}: new attributes`).toEqual([]);
  expect(page.scripts, `${where}: scripts`).toEqual(plain.scripts);
  expect(readHtml(html).eventHandlers, `${where}: event handlers`).toEqual([]);
  expect(page.hrefs.filter((href) => /^\s*(javascript|data|vbscript):/i.test(href)), `${where}: script links`).toEqual([]);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 30_000);
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** A fresh client address for each visitor and account, so the rate limits never answer instead of the page. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.7`;
};

const visit = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });

describe('the XSS corpus', () => {
  it('stays text on the public card page, its thank-you page and its form-error page', async () => {
    const client = new TestClient(t.app, nextIp());
    await client.register({ name: 'Page Owner' });
    const card = (await client.post('/api/cards', { title: 'Card', name: 'Page Owner' })).json().card as Card;

    async function pagesWith(text: string) {
      const saved = await client.patch(`/api/cards/${card.id}`, {
        title: text,
        name: text,
        companyName: text,
        jobTitle: text,
        description: `${text}\n${text}`,
        address: text,
        links: [{ kind: 'empty', url: 'https://example.com/', label: text }],
        leadForm: { isEnabled: true, thankYouMessage: text },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      t.services.publicCard.onCardChanged({ cardId: card.id, ownerId: card.ownerId, kind: 'saved' });
      const page = (await visit(`/id/${card.id}/`)).body;
      const thanks = (await visit(`/id/${card.id}/thanks`)).body;
      // A lead sent without JavaScript with a wrong email: the page comes back with what the visitor typed.
      const formError = await t.app.inject({
        method: 'POST',
        url: `/id/${card.id}/lead`,
        remoteAddress: nextIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: testOrigin },
        payload: new URLSearchParams({ name: text, email: 'not an email', phone: text, company: text, message: text }).toString(),
      });
      return { page, thanks, formError: formError.body };
    }

    const plain = await pagesWith('Plain words');
    for (const payload of xssCorpus) {
      const pages = await pagesWith(payload);
      for (const [name, html] of Object.entries(pages)) expectInert(html, plain[name as keyof typeof plain], `${name} with ${payload}`);
      expect(readHtml(pages.page).texts.join('\n')).toContain(payload.trim());
    }
  });

  it('stays text in the email signature made from the card (the API’s data through the shared builder)', async () => {
    const client = new TestClient(t.app, nextIp());
    await client.register({ name: 'Signature Owner' });
    const card = (await client.post('/api/cards', { title: 'Card', name: 'Signature Owner' })).json().card as Card;

    async function signatureWith(text: string) {
      const saved = await client.patch(`/api/cards/${card.id}`, {
        name: text,
        companyName: text,
        jobTitle: text,
        links: [{ kind: 'empty', url: 'https://example.com/', label: text }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const response = await client.get(`/api/cards/${card.id}/email-signature`);
      expect(response.statusCode, response.body).toBe(200);
      const data = (response.json() as { signature: EmailSignatureData }).signature;
      return buildEmailSignature(data, { includeQr: true, words: { cardLink: text, qrAlt: text }, linkLabel: (link) => link.label }).html;
    }

    const plain = await signatureWith('Plain words');
    for (const payload of xssCorpus) {
      const html = await signatureWith(payload);
      expectInert(html, plain, `signature with ${payload}`);
      expect(readHtml(html).texts.join('\n')).toContain(payload.trim());
    }
  });

  it('stays text in every mail: welcome, new lead and team invitation', async () => {
    async function mailsWith(text: string) {
      t.mail.sent.length = 0;
      const client = new TestClient(t.app, nextIp());
      const account = await client.register({ name: text });
      await subscribeToTeams(client);
      const owner = { client, ...account };
      const card = (await owner.client.post('/api/cards', { title: 'Card', name: 'Owner' })).json().card as Card;
      const lead = await t.app.inject({
        method: 'POST',
        url: `/id/${card.id}/lead`,
        remoteAddress: nextIp(),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        payload: JSON.stringify({ name: text, email: 'lead@example.com', phone: '', company: text, message: text }),
      });
      expect(lead.statusCode, lead.body).toBeLessThan(300);
      const email = `invitee-${Math.random().toString(16).slice(2, 8)}@example.com`;
      await invite(owner, email, 'employee', text);
      await invitationTokenFor(t, email);
      const bySubject = (part: string) => t.mail.sent.find((mail) => mail.subject.toLowerCase().includes(part))?.html ?? '';
      return { welcome: t.mail.sent.find((mail) => mail.to === owner.email && !/lead/i.test(mail.subject))?.html ?? '', lead: bySubject('lead'), invitation: bySubject('invited you') };
    }

    const plain = await mailsWith('Plain Words');
    for (const [name, html] of Object.entries(plain)) expect(html, `${name} mail was sent`).not.toBe('');
    for (const payload of xssCorpus.slice(0, 12)) {
      const mails = await mailsWith(payload);
      for (const [name, html] of Object.entries(mails)) {
        expect(html, `${name} mail with ${payload} was sent`).not.toBe('');
        expectInert(html, plain[name as keyof typeof plain], `${name} mail with ${payload}`);
      }
    }
  });

  it('stays text on the local test checkout’s pages', async () => {
    const client = new TestClient(t.app, nextIp());
    await client.register({ name: 'Buyer' });
    const plain = (await client.get(`/billing/local-portal?return=${encodeURIComponent(`${testOrigin}/settings`)}`)).body;
    for (const payload of xssCorpus) {
      const response = await client.get(`/billing/local-portal?return=${encodeURIComponent(`${testOrigin}/${payload}`)}`);
      expect(response.statusCode).toBe(200);
      expectInert(response.body, plain, `portal with ${payload}`);
    }
    const checkout = await client.post('/api/billing/checkout', { plan: 'subscribed', period: 'month' });
    const page = await client.get(new URL(checkout.json().url).pathname);
    expect(page.statusCode).toBe(200);
    expect(readHtml(page.body).eventHandlers).toEqual([]);
  });
});
