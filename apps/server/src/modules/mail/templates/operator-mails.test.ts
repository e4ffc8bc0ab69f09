import { describe, expect, it } from 'vitest';
import { renderMail } from './index';

const links = { baseUrl: 'https://cards.example.com', invitationPath: () => '/invite/x' };
const request = { name: 'Grace Hopper', email: 'grace@example.com', phone: '', company: 'Navy', notes: 'Gold edges', quantity: 250, material: 'metal', finish: 'soft-touch' };

describe('the operators’ mails in the reader’s language', () => {
  it('writes a design request’s labels, materials and files in German, and in English for an address no account has', () => {
    const german = renderMail('design-request', { requestId: 'r-1', kind: 'custom-design', request, fileCount: 2 }, links, { locale: 'de', timeZone: 'Europe/Berlin' });
    expect(german.subject).toBe('Neue Anfrage für eine individuelle Karte: Grace Hopper');
    expect(german.html.startsWith('<!doctype html><html lang="de" dir="ltr">')).toBe(true);
    expect(german.text).toContain('Name: Grace Hopper\nE-Mail: grace@example.com\nFirma: Navy\nMenge: 250\nMaterial: Metall\nOberfläche: Soft-Touch\nAnmerkungen: Gold edges');
    expect(german.text).toContain('2 Dateien in der Konsole angehängt.');
    expect(german.text).toContain('Anfragen öffnen: https://cards.example.com/admin/requests');

    const english = renderMail('design-request', { requestId: 'r-2', kind: 'quote', request: { ...request, quantity: undefined, material: undefined, finish: undefined, cardCount: 400 }, fileCount: 1 }, links);
    expect(english.subject).toBe('New quote request: Grace Hopper');
    expect(english.text).toContain('Number of cards: 400\nNotes: Gold edges');
    expect(english.text).toContain('1 file attached in the console.');

    const arabic = renderMail('design-request', { requestId: 'r-3', kind: 'quote', request: { ...request, cardCount: 3 }, fileCount: 0 }, links, { locale: 'ar', timeZone: 'UTC' });
    expect(arabic.html.startsWith('<!doctype html><html lang="ar" dir="rtl">')).toBe(true);
    expect(arabic.subject).toBe('طلب جديد لعرض سعر: Grace Hopper');
  });

  it('still renders a design request queued before, with its English rows', () => {
    const mail = renderMail('design-request', { requestId: 'r-4', kind: 'custom-design', rows: [['Name', 'Ada'], ['Material', 'Wood']], fileCount: 0 }, links, { locale: 'fr', timeZone: 'UTC' });
    expect(mail.subject).toBe('Nouvelle demande de carte personnalisée : Ada');
    expect(mail.text).toContain('Material: Wood');
  });

  it('names the expiring credential, the day in the reader’s time zone and the renewal in Japanese and in English', () => {
    const japanese = renderMail('credential-expiry', { credential: 'apple-apns-key', expiresAt: '2026-04-06T20:00:00.000Z', daysLeft: 7 }, links, { locale: 'ja', timeZone: 'Asia/Tokyo' });
    expect(japanese.subject).toBe('APNs キーは 2026年4月7日 に期限切れになります（あと 7 日）');
    expect(japanese.text).toContain('APPLE_APNS_KEY_EXPIRES_AT');
    const english = renderMail('credential-expiry', { credential: 'apple-signing-certificate', expiresAt: '2026-04-06T20:00:00.000Z', daysLeft: 1 }, links);
    expect(english.subject).toBe('The Apple Wallet signing certificate expires on April 6, 2026, in 1 day');
    expect(english.text).toContain('Renew it before then, or new and updated Apple Wallet passes stop working.');
    const expired = renderMail('credential-expiry', { credential: 'apple-signing-certificate', expiresAt: '2026-04-06T20:00:00.000Z', daysLeft: 0 }, links, { locale: 'es', timeZone: 'UTC' });
    expect(expired.subject).toBe('El certificado de firma de Apple Wallet caducó el 6 de abril de 2026');
  });
});
