import { describe, expect, it } from 'vitest';
import { securityMailArabic } from '@cardstack/shared/i18n/security-mail/ar';
import { securityMailGerman } from '@cardstack/shared/i18n/security-mail/de';
import { renderMail } from './index';
import { operatorResetDetail, type SecurityNotice } from './security-notice';

const links = { baseUrl: 'https://cards.example.com', invitationPath: () => '/invite/x' };
const occurredAt = '2025-03-08T14:02:09.000Z';

/** Each kind of change: the subject it must carry and the words its text must hold (what, which one, when). */
const cases: { notice: SecurityNotice; subject: string; says: string[] }[] = [
  { notice: { displayName: 'Ada', change: 'password-changed' }, subject: 'Your password was changed', says: ['changed in Settings on Mar 8, 2025, 2:02 PM UTC'] },
  { notice: { displayName: 'Ada', change: 'two-factor-disabled' }, subject: 'Two-factor sign-in was turned off', says: ['turned off for your account on Mar 8, 2025, 2:02 PM UTC'] },
  {
    notice: { displayName: 'Ada', change: 'sign-in-method-added', method: 'google', detail: 'ada@gmail.com' },
    subject: 'Google sign-in was added',
    says: ['Google sign-in (ada@gmail.com) was added'],
  },
  {
    notice: { displayName: 'Ada', change: 'sign-in-method-added', method: 'passkey', detail: 'Work laptop' },
    subject: 'A passkey was added',
    says: ['A passkey “Work laptop” was added to your account on Mar 8, 2025, 2:02 PM UTC'],
  },
  { notice: { displayName: 'Ada', change: 'sign-in-method-added', method: 'password' }, subject: 'A password was added', says: ['A password was added'] },
  { notice: { displayName: 'Ada', change: 'sign-in-method-removed', method: 'google' }, subject: 'Google sign-in was removed', says: ['Google sign-in was removed'] },
  {
    notice: { displayName: 'Ada', change: 'sign-in-method-removed', method: 'passkey', detail: 'Old phone' },
    subject: 'A passkey was removed',
    says: ['The passkey “Old phone” was removed'],
  },
  { notice: { displayName: 'Ada', change: 'api-key-created', detail: 'CRM sync' }, subject: 'A new API key was created', says: ['A new API key “CRM sync” was created'] },
  { notice: { displayName: 'Ada', change: 'app-connected', detail: 'Zapier' }, subject: 'Zapier was connected to your account', says: ['Zapier was connected to your account on Mar 8, 2025, 2:02 PM UTC'] },
];

describe.each(cases)('the security notice "$subject"', ({ notice, subject, says }) => {
  const mail = renderMail('security-notice', { ...notice, occurredAt }, links);

  it('has its subject and says what happened, which one and when', () => {
    expect(mail.subject).toBe(subject);
    for (const words of says) expect(mail.text).toContain(words);
    expect(mail.html).toContain('Mar 8, 2025, 2:02 PM UTC');
  });

  it('says what to do if it was not them, with the links', () => {
    expect(mail.text).toContain('If this was not you, reset your password now: choose “Forgot password?” on the sign-in page.');
    expect(mail.text).toContain('Settings → General');
    expect(mail.text).toContain('https://cards.example.com/forgot-password');
    expect(mail.text).toContain('https://cards.example.com/settings');
  });
});

describe('the notice after a password reset', () => {
  const remainingAccess = {
    apiKeys: [{ name: 'CRM sync', createdAt: '2025-01-02T03:04:05.000Z', lastUsedAt: '2025-03-01T10:00:00.000Z' }],
    apps: [{ name: 'Zapier', connectedAt: '2025-02-01T08:30:00.000Z' }],
    webhooks: [{ host: 'hooks.example.com', events: ['lead.created', 'card.updated'] }],
  };

  it('lists what still has access, says the sessions ended, and links to the review', () => {
    const mail = renderMail('security-notice', { displayName: 'Ada', change: 'password-changed', remainingAccess, occurredAt }, links);
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.text).toContain('reset with a “Forgot password?” link on Mar 8, 2025, 2:02 PM UTC');
    expect(mail.text).toContain('- CRM sync — created Jan 2, 2025, 3:04 AM UTC, last used Mar 1, 2025, 10:00 AM UTC');
    expect(mail.text).toContain('- Zapier — connected Feb 1, 2025, 8:30 AM UTC');
    expect(mail.text).toContain('- hooks.example.com — lead.created, card.updated');
    expect(mail.text).toContain('Signed-in devices:\n- None: the reset signed out every device.');
    expect(mail.text).toContain('https://cards.example.com/password-changed');
  });

  it('says "None" for an empty group', () => {
    const mail = renderMail('security-notice', { displayName: 'Ada', change: 'password-changed', remainingAccess: { apiKeys: [], apps: [], webhooks: [] }, occurredAt }, links);
    expect(mail.text).toContain('API keys:\n- None');
    expect(mail.text).toContain('Connected apps:\n- None');
    expect(mail.text).toContain('Webhooks:\n- None');
  });
});

describe('the security notice in the reader’s language and time zone', () => {
  it('says when in German, in Berlin time, and names the operator’s reset in German', () => {
    const mail = renderMail(
      'security-notice',
      { displayName: 'Ada', change: 'two-factor-disabled', detail: operatorResetDetail, occurredAt },
      links,
      { locale: 'de', timeZone: 'Europe/Berlin' },
    );
    expect(mail.subject).toBe(securityMailGerman.twoFactorDisabled);
    expect(mail.text).toContain('8. März 2025, 15:02 MEZ');
    expect(mail.text).not.toContain(operatorResetDetail);
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
  });

  it('runs right to left in Arabic', () => {
    const mail = renderMail('security-notice', { displayName: 'Ada', change: 'password-changed', occurredAt }, links, { locale: 'ar', timeZone: 'UTC' });
    expect(mail.subject).toBe(securityMailArabic.passwordChanged);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });
});
