import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyConnection } from '../src/db/schema';
import { findPreferencesByEmail } from '../src/modules/auth/auth-module';
import { renderMail } from '../src/modules/mail/templates';
import { createTestApp, TestClient, testOrigin, type TestApp } from './test-app';

// The account's language and time zone: read and chosen in Settings → General, and the mails the owner gets
// follow them (the new-lead mail, its day in the owner's time zone).

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const put = (client: TestClient, body: unknown) => client.request('PUT', '/api/account/preferences', body);

describe('the account’s language and time zone', () => {
  it('are English and UTC until chosen, then what was chosen', async () => {
    const client = new TestClient(t.app);
    await client.register();
    expect((await client.get('/api/account/preferences')).json()).toEqual({ language: 'en', timeZone: 'UTC', isChosen: false });
    const saved = await put(client, { language: 'ja', timeZone: 'Asia/Tokyo' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ language: 'ja', timeZone: 'Asia/Tokyo', isChosen: true });
    expect((await client.get('/api/account/preferences')).json()).toEqual({ language: 'ja', timeZone: 'Asia/Tokyo', isChosen: true });
  });

  it('take the language of the browser that signed up', async () => {
    const client = new TestClient(t.app);
    const signUp = await client.request('POST', '/api/auth/sign-up/email', { name: 'Chloé', email: 'chloe@example.com', password: 'correct horse battery' }, { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const row = await t.services.database.db.selectFrom('user').select(['language', 'timeZone']).where('email', '=', 'chloe@example.com').executeTakeFirstOrThrow();
    expect(row).toEqual({ language: 'fr', timeZone: '' });
  });

  it('refuses a language or a time zone that is not on the lists, with a message per field, and keeps what was there', async () => {
    const client = new TestClient(t.app);
    await client.register();
    await put(client, { language: 'fr', timeZone: 'Europe/Paris' });
    const refused = await put(client, { language: 'klingon', timeZone: 'Mars/Olympus_Mons' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ language: 'Choose one of the languages offered', timeZone: 'Choose a time zone from the list' });
    expect((await client.get('/api/account/preferences')).json()).toMatchObject({ language: 'fr', timeZone: 'Europe/Paris' });
  });

  it('are only the signed-in person’s own', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/preferences' });
    expect(anonymous.statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'PUT', url: '/api/account/preferences', headers: { origin: testOrigin, 'content-type': 'application/json' }, payload: { language: 'de', timeZone: 'UTC' } });
    expect(refused.statusCode).toBe(401);
  });

  it('make the new-lead mail German, with the day of consent in the owner’s time zone', async () => {
    const client = new TestClient(t.app);
    const { email } = await client.register({ name: 'Owner Person' });
    await put(client, { language: 'de', timeZone: 'Pacific/Auckland' });
    const card = (await client.post('/api/cards', { title: 'Arbeit', name: 'Ada Lovelace' })).json().card;
    const lead = await t.app.inject({
      method: 'POST',
      url: `/id/${card.id}/lead`,
      remoteAddress: '198.51.100.7',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: { name: 'Max Besucher', email: 'max@example.com', consent: true },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const queued = await t.services.database.db.selectFrom('mail_outbox').selectAll().where('to', '=', email).where('template', '=', 'new-lead').executeTakeFirstOrThrow();
    const data = JSON.parse(queued.data) as { consentAt: string };
    // Rendered as the mail job renders it at send time: for the account with that address.
    const { language, timeZone } = await findPreferencesByEmail(t.services.database.db as AnyConnection, queued.to);
    const mail = renderMail('new-lead', data, { baseUrl: testOrigin, invitationPath: () => '' }, { locale: language, timeZone });
    expect(mail.subject).toBe('Neuer Lead: Max Besucher');
    const day = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'Pacific/Auckland' }).format(new Date(data.consentAt));
    expect(mail.text).toContain(`Einwilligung: Erteilt am ${day}`);
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
  });
});
