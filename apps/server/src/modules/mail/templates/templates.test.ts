import { describe, expect, it } from 'vitest';
import { hostileText, readHtml } from '../../../../test/html-reader';
import { renderMail, type MailTemplateData, type MailTemplateName } from './index';

// A hostile path: the href must still be one attribute, whatever the signer returns.
const links = { baseUrl: 'https://cards.example.com', invitationPath: () => '/invite/abc"def' };

/** Every template with user data (hostile in every field a person typed) and the links its mail must carry. */
const cases: { [T in MailTemplateName]: { data: MailTemplateData<T>; hrefs: string[]; texts: string[] } } = {
  welcome: {
    data: { displayName: hostileText },
    hrefs: ['https://cards.example.com/customize', 'https://cards.example.com/subscription'],
    texts: [`Hi ${hostileText},`],
  },
  'new-lead': {
    data: {
      contactId: 'c-1',
      cardName: hostileText,
      lead: { name: hostileText, email: 'eve@example.com', phone: hostileText, company: hostileText, message: `${hostileText}\nsecond line` },
      consentAt: null,
    },
    hrefs: ['https://cards.example.com/contacts?contact=c-1'],
    texts: [`${hostileText} left their details on your card “${hostileText}”.`, hostileText, `${hostileText}\nsecond line`],
  },
  'team-invitation': {
    data: {
      inviterName: hostileText,
      teamName: hostileText,
      role: 'admin',
      invitation: { id: 'i-1', email: 'eve@example.com', role: 'admin', invitedBy: 'u-1', teamOwnerId: 'u-2', expiresAt: 0 },
      expiresAt: '2025-03-08T00:00:00.000Z',
    },
    hrefs: ['https://cards.example.com/invite/abc"def'],
    texts: [`${hostileText} invited you to join ${hostileText} as an admin.`],
  },
  'password-reset': {
    data: { displayName: hostileText, linkPath: '/api/auth/reset-password/tok"en?callbackURL=%2Freset-password', expiresInMinutes: 60 },
    hrefs: ['https://cards.example.com/api/auth/reset-password/tok"en?callbackURL=%2Freset-password'],
    texts: [`Hi ${hostileText},`],
  },
  'verify-email': {
    data: { displayName: hostileText, linkPath: '/api/auth/verify-email?token=a"b', isChange: false },
    hrefs: ['https://cards.example.com/api/auth/verify-email?token=a"b'],
    texts: [`Hi ${hostileText},`],
  },
  'email-change-notice': {
    data: { displayName: hostileText, newEmail: 'eve@example.com' },
    hrefs: ['https://cards.example.com/settings'],
    texts: [`Hi ${hostileText},`],
  },
  'downgrade-scheduled': {
    data: { fromPlan: 'Pro', toPlan: 'Basic', effectiveAt: '2025-03-08T10:00:00.000Z', impacts: ['Your card design is reset to the default.', hostileText] },
    hrefs: ['https://cards.example.com/subscription'],
    texts: ['Your Pro plan ends on March 8, 2025. From then on you are on Basic, and this happens:', 'Your card design is reset to the default.', hostileText],
  },
  'design-request': {
    data: { requestId: 'r-1', kind: 'custom-design', rows: [['Name', hostileText], ['Email', 'eve@example.com'], ['Notes', `${hostileText}\nsecond line`]], fileCount: 1 },
    hrefs: ['https://cards.example.com/admin/requests'],
    texts: [hostileText, `${hostileText}\nsecond line`],
  },
  'security-notice': {
    data: {
      displayName: hostileText,
      change: 'password-changed',
      occurredAt: '2025-03-08T14:02:09.000Z',
      remainingAccess: {
        apiKeys: [{ name: hostileText, createdAt: '2025-01-02T03:04:05.000Z', lastUsedAt: null }],
        apps: [],
        webhooks: [{ host: 'hooks.example.com', events: ['lead.created'] }],
      },
    },
    hrefs: ['https://cards.example.com/password-changed', 'https://cards.example.com/forgot-password', 'https://cards.example.com/settings'],
    texts: [`Hi ${hostileText},`, `${hostileText} — created Jan 2, 2025, 3:04 AM UTC, never used`],
  },
  'credential-expiry': {
    data: { credentialLabel: 'The Apple Wallet signing certificate', expiresAt: '2025-04-07T12:00:00.000Z', daysLeft: 30, renewal: 'Renew it: APPLE_SIGNER_CERT.' },
    hrefs: [],
    texts: ['The Apple Wallet signing certificate expires on April 7, 2025, in 30 days', 'Renew it: APPLE_SIGNER_CERT.'],
  },
  'account-export-ready': {
    data: { expiresAt: '2025-04-07T12:00:00.000Z' },
    hrefs: ['https://cards.example.com/settings'],
    texts: ['The archive of your account (your cards, their files, your contacts and leads, and your insights) is ready. Download it in Settings while you are signed in. It is deleted on April 7, 2025 at 12:00 PM.'],
  },
};

describe.each(Object.entries(cases))('the %s mail', (template, { data, hrefs, texts }) => {
  const mail = renderMail(template, data, links);

  it('shows what the user typed as text in the HTML part: no element, attribute or script of theirs', () => {
    const html = readHtml(mail.html);
    expect(mail.html.startsWith('<!doctype html><html lang="en" dir="ltr">')).toBe(true);
    expect(html.tagNames.has('script')).toBe(false);
    expect(html.tagNames.has('img')).toBe(false);
    expect(html.tagNames.has('b')).toBe(false);
    expect(html.eventHandlers).toEqual([]);
    for (const text of texts) expect(html.texts).toContain(text);
    expect(html.links.map((link) => link.href)).toEqual(hrefs);
  });

  it('keeps the text part plain: the same words unescaped, every link written out', () => {
    expect(mail.text).not.toMatch(/&lt;|&gt;|&quot;|&#/);
    for (const text of texts) expect(mail.text).toContain(text.split('\n')[0]);
    for (const href of hrefs) expect(mail.text).toContain(href);
  });
});
