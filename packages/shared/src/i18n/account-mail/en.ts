/**
 * The mails of an account (welcome, password reset, address confirmation, address change notice), in English;
 * the other languages translate these keys (`./{locale}.ts`).
 */
export const accountMailEnglish = {
  greeting: 'Hi,',
  greetingNamed: 'Hi {name},',
  footer: 'You receive this email because you have an account with us.',
  welcomeSubject: 'Welcome! Create your first digital business card',
  welcomeTitle: 'Welcome',
  welcomeText: 'Welcome aboard. You have no card yet: create your digital business card in a couple of minutes and share it by link, QR code or NFC.',
  createCard: 'Create your card',
  seePlans: 'See plans',
  notYou: 'If you did not ask for this, ignore this email: nothing changes.',
  resetSubject: 'Reset your password',
  resetText:
    'Someone asked to reset the password of your account. The link works once, for {minutes, plural, one {# minute} other {# minutes}}. Choosing a new password signs you out everywhere else.',
  resetLabel: 'Choose a new password',
  verifySubject: 'Confirm your email address',
  verifyChangeSubject: 'Confirm your new email address',
  verifyText: 'Confirm your email address. Until then we send no invitations and no lead notifications on your behalf.',
  verifyChangeText: 'Confirm this address to make it the sign-in email of your account. Until then your current address stays.',
  verifyLabel: 'Confirm email address',
  changeSubject: 'Your email address is being changed',
  changeTitle: 'Email address change',
  changeText: 'Someone signed in to your account asked to change its email address to {newEmail}. The change happens once that address is confirmed.',
  changeAdvice: 'If this was not you, sign in and change your password now:',
  openSettings: 'Open settings',
  exportReadySubject: 'Your data is ready to download',
  exportReadyText: 'The archive of your account (your cards, their files, your contacts and leads, and your insights) is ready. Download it in Settings while you are signed in. It is deleted on {day}.',
  exportReadyLabel: 'Download my data',
} as const;

export type AccountMailMessageId = keyof typeof accountMailEnglish;
export type AccountMailCatalog = Record<AccountMailMessageId, string>;
