/**
 * The notice an account gets when its security settings change, in English; the other languages translate these
 * keys (`./{locale}.ts`). `{at}` is the moment of the change, written out in the reader's language and time zone.
 */
export const securityMailEnglish = {
  passwordChanged: 'Your password was changed',
  twoFactorDisabled: 'Two-factor sign-in was turned off',
  googleAdded: 'Google sign-in was added',
  passkeyAdded: 'A passkey was added',
  passwordAdded: 'A password was added',
  googleRemoved: 'Google sign-in was removed',
  passkeyRemoved: 'A passkey was removed',
  passwordRemoved: 'The password was removed',
  apiKeyCreated: 'A new API key was created',
  appConnected: '{app} was connected to your account',
  someApp: 'An app',
  passwordResetText: 'The password of your account was reset with a “Forgot password?” link on {at}. Every device that was signed in was signed out.',
  passwordChangedText: 'The password of your account was changed in Settings on {at}. Every other device was signed out.',
  twoFactorDisabledText: 'Two-factor sign-in was turned off for your account on {at}. Signing in now needs only the password.',
  twoFactorResetByOperatorText:
    'Two-factor sign-in was turned off for your account on {at}. The operator of this service turned it off, removed your passkeys and signed out every device, to help you back into your account. Signing in now needs only the password.',
  googleAddedText: 'Google sign-in was added to your account on {at}. It can now be used to sign in.',
  googleAccountAddedText: 'Google sign-in ({account}) was added to your account on {at}. It can now be used to sign in.',
  passkeyAddedText: 'A passkey was added to your account on {at}. It can now be used to sign in.',
  namedPasskeyAddedText: 'A passkey “{name}” was added to your account on {at}. It can now be used to sign in.',
  passwordAddedText: 'A password was added to your account on {at}. It can now be used to sign in.',
  googleRemovedText: 'Google sign-in was removed from your account on {at}. It no longer signs you in.',
  googleAccountRemovedText: 'Google sign-in ({account}) was removed from your account on {at}. It no longer signs you in.',
  passkeyRemovedText: 'The passkey was removed from your account on {at}. It no longer signs you in.',
  namedPasskeyRemovedText: 'The passkey “{name}” was removed from your account on {at}. It no longer signs you in.',
  passwordRemovedText: 'The password was removed from your account on {at}. It no longer signs you in.',
  apiKeyCreatedText: 'A new API key was created for your account on {at}. It reaches your account’s data through the API until it is revoked in Settings → Integrations.',
  namedApiKeyCreatedText: 'A new API key “{name}” was created for your account on {at}. It reaches your account’s data through the API until it is revoked in Settings → Integrations.',
  appConnectedText: '{app} was connected to your account on {at}. It reaches your account’s data until it is disconnected in Settings → Integrations.',
  stillAccess: 'These still have access to your account. Revoke what you do not recognise:',
  apiKeys: 'API keys',
  connectedApps: 'Connected apps',
  webhooks: 'Webhooks',
  signedInDevices: 'Signed-in devices',
  apiKeyLine: '{name} — created {created}, last used {used}',
  unusedApiKeyLine: '{name} — created {created}, never used',
  appLine: '{name} — connected {connected}',
  noDevices: 'None: the reset signed out every device.',
  none: 'None',
  reviewAccess: 'Review access',
  notYou:
    'If this was not you, reset your password now: choose “Forgot password?” on the sign-in page. Then review Settings → General: your signed-in devices, your email address and two-factor sign-in.',
  forgotPassword: 'Forgot password?',
  openSettings: 'Open Settings → General',
  settingsGeneral: 'Settings → General',
  footer: 'You receive this email because the security settings of your account changed.',
} as const;

export type SecurityMailMessageId = keyof typeof securityMailEnglish;
export type SecurityMailCatalog = Record<SecurityMailMessageId, string>;
