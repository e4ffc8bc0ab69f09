import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from './test-app';

// The API's refusals in the language the request asks for (Accept-Language: the SPA sends the app's), and in the
// English they always were without one: a shared schema's field messages, the server's own refusals, the auth
// routes' checks. Error codes never change with the language.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

async function ownerWithCard(): Promise<{ client: TestClient; cardId: string }> {
  const client = new TestClient(t.app);
  await client.register({ name: 'Owner Person' });
  const created = await client.post('/api/cards', { title: 'Work card' });
  expect(created.statusCode, created.body).toBe(201);
  return { client, cardId: created.json().card.id };
}

const badCard = { title: 'x'.repeat(101), email: 'not-an-email' };

describe('a refused form', () => {
  it('answers German field messages to Accept-Language: de', async () => {
    const { client, cardId } = await ownerWithCard();
    const refused = await client.request('PATCH', `/api/cards/${cardId}`, badCard, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'validation',
      message: 'title: Der Titel darf höchstens 100 Zeichen lang sein',
      fields: { title: 'Der Titel darf höchstens 100 Zeichen lang sein', email: 'Geben Sie eine gültige E-Mail-Adresse ein' },
    });
  });

  it('answers today’s English without Accept-Language, and to English', async () => {
    const { client, cardId } = await ownerWithCard();
    const english = {
      code: 'validation',
      message: 'title: Title must be at most 100 characters',
      fields: { title: 'Title must be at most 100 characters', email: 'Enter a valid email address' },
    };
    expect((await client.patch(`/api/cards/${cardId}`, badCard)).json().error).toEqual(english);
    expect((await client.request('PATCH', `/api/cards/${cardId}`, badCard, { 'accept-language': 'en-GB' })).json().error).toEqual(english);
    // A language the product does not speak reads English too.
    expect((await client.request('PATCH', `/api/cards/${cardId}`, badCard, { 'accept-language': 'nl' })).json().error).toEqual(english);
  });

  it('fills in the message’s values in every language', async () => {
    const { client, cardId } = await ownerWithCard();
    const japanese = await client.request('PATCH', `/api/cards/${cardId}`, { description: 'x'.repeat(2001) }, { 'accept-language': 'ja' });
    expect(japanese.json().error.fields).toEqual({ description: '説明は2000文字以内で入力してください' });
  });
});

describe('the server’s own refusals', () => {
  it('say “not found” in the request’s language, with the same code', async () => {
    const { client } = await ownerWithCard();
    const german = await client.request('GET', '/api/cards/no-such-card', undefined, { 'accept-language': 'de' });
    expect(german.statusCode).toBe(404);
    expect(german.json()).toEqual({ error: { code: 'not-found', message: 'Karte nicht gefunden.' } });
    expect((await client.get('/api/cards/no-such-card')).json()).toEqual({ error: { code: 'not-found', message: 'Card not found.' } });
  });

  it('put a refusal’s field message in the language too', async () => {
    const { client } = await ownerWithCard();
    const french = await client.request('POST', '/api/contacts', { company: 'Acme' }, { 'accept-language': 'fr' });
    expect(french.statusCode).toBe(400);
    expect(french.json().error.fields).toEqual({ name: 'Saisissez un nom ou une adresse e-mail' });
    expect((await client.post('/api/contacts', { company: 'Acme' })).json().error.fields).toEqual({ name: 'Enter a name or an email' });
  });

  it('answer the sign-in routes’ checks in the language too, in their own shape', async () => {
    const client = new TestClient(t.app);
    const body = { name: 'Ada', email: 'not-an-email', password: 'long enough password' };
    const spanish = await client.request('POST', '/api/auth/sign-up/email', body, { 'accept-language': 'es' });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Introduce un correo electrónico válido', fields: { email: 'Introduce un correo electrónico válido' } });
    expect((await client.post('/api/auth/sign-up/email', body)).json()).toMatchObject({ message: 'Enter a valid email address' });
  });
});

describe('the lead form of a card whose owner fixed its language', () => {
  it('refuses in the page’s language, whatever the visitor’s', async () => {
    const { client, cardId } = await ownerWithCard();
    expect((await client.patch(`/api/cards/${cardId}`, { pageLanguage: 'fr' })).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/id/${cardId}/lead`,
      remoteAddress: '198.51.100.8',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': 'de' },
      payload: JSON.stringify({ name: 'Eva', phone: 'call me' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ phone: 'Saisissez un numéro de téléphone valide' });
  });
});
