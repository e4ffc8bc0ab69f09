import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { publicPageGerman } from '@cardstack/shared/i18n/public-page/de';
import { publicPageSpanish } from '@cardstack/shared/i18n/public-page/es';
import { createTestApp, TestClient, type TestApp } from './test-app';

// The public card page in the visitor's language (Accept-Language) or the one its owner fixed: the page, the
// pages beside it, the lead form's answers and what is stored with a lead.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const phoneAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const get = (url: string, acceptLanguage?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': phoneAgent, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}), ...headers }, remoteAddress: '203.0.113.9' });

async function ownerWithCard(body: Record<string, unknown> = {}): Promise<{ client: TestClient; card: Card }> {
  const client = new TestClient(t.app);
  await client.register({ name: 'Owner Person' });
  const response = await client.post('/api/cards', { title: 'Work card', name: 'Ada Lovelace', jobTitle: 'Analyst', companyName: 'Engines Ltd', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return { client, card: response.json().card };
}

describe('a card’s page in the visitor’s language', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de', 'ltr', 'Kontakt speichern'],
    ['ja', 'ja', 'ltr', '連絡先を保存'],
    ['ar-EG', 'ar', 'rtl', 'حفظ جهة الاتصال'],
    ['pt-PT', 'pt-BR', 'ltr', 'Salvar contato'],
    ['nl-NL', 'en', 'ltr', 'Save contact'],
  ])('Accept-Language %s: %s', async (acceptLanguage, locale, direction, saveContact) => {
    const { card } = await ownerWithCard();
    const page = await get(`/id/${card.id}/`, acceptLanguage);
    expect(page.statusCode).toBe(200);
    expect(page.body.startsWith(`<!doctype html><html lang="${locale}" dir="${direction}">`)).toBe(true);
    expect(page.body).toContain(`>${saveContact}</a>`);
    // The card's own words stay as its owner wrote them.
    expect(page.body).toContain('<h1 class="cv-name">Ada Lovelace</h1>');
    expect(page.headers['content-language']).toBe(locale);
    expect(page.headers.vary).toBe('accept-encoding, accept-language');
  });

  it('keeps each language apart in memory, with its own ETag, however the requests alternate', async () => {
    const { card } = await ownerWithCard();
    const url = `/id/${card.id}/`;
    const german = await get(url, 'de');
    const english = await get(url, 'en');
    const germanAgain = await get(url, 'de', { 'accept-encoding': 'br' });
    expect(german.body).toContain(publicPageGerman.saveContact);
    expect(english.body).toContain('Save contact');
    expect(english.body).not.toContain(publicPageGerman.saveContact);
    expect(germanAgain.headers['content-encoding']).toBe('br');
    expect(germanAgain.headers.etag).toBe(german.headers.etag);
    expect(english.headers.etag).not.toBe(german.headers.etag);
    // A German ETag does not make an English page "not modified".
    expect((await get(url, 'en', { 'if-none-match': String(german.headers.etag) })).statusCode).toBe(200);
    expect((await get(url, 'de', { 'if-none-match': String(german.headers.etag) })).statusCode).toBe(304);
  });

  it('is in the owner’s language for everyone once fixed, and caches need not keep copies per language', async () => {
    const { client, card } = await ownerWithCard();
    const patched = await client.patch(`/api/cards/${card.id}`, { pageLanguage: 'fr' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().card.pageLanguage).toBe('fr');
    for (const acceptLanguage of ['de', 'ja', undefined]) {
      const page = await get(`/id/${card.id}/`, acceptLanguage);
      expect(page.body.startsWith('<!doctype html><html lang="fr" dir="ltr">'), acceptLanguage).toBe(true);
      expect(page.body).toContain('>Enregistrer le contact</a>');
      expect(page.headers['content-language']).toBe('fr');
      expect(page.headers.vary).toBe('accept-encoding');
    }
    expect((await client.get(`/api/cards/${card.id}`)).json().card.pageLanguage).toBe('fr');
    // Back to following the visitor.
    await client.patch(`/api/cards/${card.id}`, { pageLanguage: '' });
    expect((await get(`/id/${card.id}/`, 'ja')).body).toContain('連絡先を保存');
  });

  it('refuses a language the product does not speak, with a message a person understands', async () => {
    const { client, card } = await ownerWithCard();
    const response = await client.patch(`/api/cards/${card.id}`, { pageLanguage: 'xx' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ pageLanguage: 'Choose one of the languages offered' });
    expect((await client.get(`/api/cards/${card.id}`)).json().card.pageLanguage).toBe('');
  });

  it('says "not found" in the visitor’s language', async () => {
    const page = await get('/id/no-such-card/', 'es');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain(`<h1>${publicPageSpanish.notFoundTitle}</h1>`);
    expect(page.headers['content-language']).toBe('es');
    expect(page.headers.vary).toBe('accept-encoding, accept-language');
  });
});

describe('the lead form in the visitor’s language', () => {
  const postLead = (cardId: string, fields: Record<string, string>, acceptLanguage: string, js = true) =>
    t.app.inject({
      method: 'POST',
      url: `/id/${cardId}/lead`,
      remoteAddress: '198.51.100.7',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: js ? 'application/json' : 'text/html', 'accept-language': acceptLanguage },
      payload: new URLSearchParams(fields).toString(),
    });

  it('answers with Spanish refusals and thanks, and stores the consent text the visitor read', async () => {
    const { client, card } = await ownerWithCard();
    const refused = await postLead(card.id, { name: 'Eva', email: 'not-an-email' }, 'es-ES');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ email: publicPageSpanish.invalidEmail });

    const sent = await postLead(card.id, { name: 'Eva', email: 'eva@example.com', consent: 'yes' }, 'es-ES');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ message: publicPageSpanish.defaultThankYou });
    const [lead] = (await client.get('/api/contacts')).json().contacts;
    expect((await client.get(`/api/contacts/${lead.id}`)).json().contact.consentText).toBe(publicPageSpanish.defaultConsent);
  });

  it('without JavaScript: the form again with German errors, then the German thank-you page', async () => {
    const { card } = await ownerWithCard();
    const refused = await postLead(card.id, { name: '', email: '' }, 'de', false);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="de" dir="ltr">');
    expect(refused.body).toContain(publicPageGerman.nameOrEmailRequired);
    const sent = await postLead(card.id, { name: 'Max', email: 'max@example.com' }, 'de', false);
    expect(sent.statusCode).toBe(303);
    const thanks = await get(String(sent.headers.location), 'de');
    expect(thanks.body).toContain(`<p role="status" class="pc-sent">${publicPageGerman.defaultThankYou}</p>`);
  });
});
