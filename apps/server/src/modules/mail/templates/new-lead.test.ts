import { describe, expect, it } from 'vitest';
import { renderNewLeadMail } from './new-lead';

describe('new-lead mail', () => {
  const data = {
    contactId: 'c-1',
    cardName: 'Work <card>',
    lead: { name: 'Eve <script>alert(1)</script>', email: 'eve@example.com', phone: '', company: 'Acme & Co', message: 'Line 1\nLine 2' },
    consentAt: '2025-03-01T10:00:00.000Z',
  };

  it('links to the contact and lists only the fields the visitor filled in', () => {
    const mail = renderNewLeadMail(data, { baseUrl: 'https://cards.example.com' });
    expect(mail.text).toContain('Open the contact: https://cards.example.com/contacts?contact=c-1');
    expect(mail.html).toContain('href="https://cards.example.com/contacts?contact=c-1"');
    expect(mail.text).toContain('Company: Acme & Co');
    expect(mail.text).toContain('Consent: Given on March 1, 2025');
    expect(mail.text).not.toContain('Phone:');
  });

  it('escapes everything the visitor typed in the HTML body', () => {
    const mail = renderNewLeadMail(data, { baseUrl: 'https://cards.example.com' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Work &lt;card&gt;');
    expect(mail.html).toContain('Acme &amp; Co');
  });

  it('keeps the subject on one line', () => {
    const mail = renderNewLeadMail({ ...data, lead: { ...data.lead, name: 'Eve\r\nBcc: x@example.com' } }, { baseUrl: 'https://x.example' });
    expect(mail.subject).toBe('New lead: Eve Bcc: x@example.com');
  });

  it('is in the owner’s language, with the day in their time zone', () => {
    const german = renderNewLeadMail({ ...data, consentAt: '2025-03-01T23:30:00.000Z' }, { baseUrl: 'https://x.example' }, { locale: 'de', timeZone: 'Europe/Berlin' });
    expect(german.subject).toBe('Neuer Lead: Eve <script>alert(1)</script>');
    expect(german.text).toContain('Einwilligung: Erteilt am 2. März 2025');
    expect(german.text).toContain('Kontakt öffnen: https://x.example/contacts?contact=c-1');
    expect(german.html).toContain('<html lang="de" dir="ltr">');
    const arabic = renderNewLeadMail(data, { baseUrl: 'https://x.example' }, { locale: 'ar', timeZone: 'UTC' });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.subject).toBe('عميل محتمل جديد: Eve <script>alert(1)</script>');
  });

  it('names the lead by email when no name was given', () => {
    expect(renderNewLeadMail({ ...data, lead: { ...data.lead, name: '' } }, { baseUrl: 'https://x.example' }).subject).toBe('New lead: eve@example.com');
  });
});
