/**
 * The mails to the operators of the service (a custom design or quote request, an expiring wallet credential), in
 * English; the other languages translate these keys (`./{locale}.ts`). An operator reads them in the language of
 * their own account. `{day}` is a day written out in the reader's language and time zone.
 */
export const operatorMailEnglish = {
  customDesignTitle: 'New custom card request',
  quoteTitle: 'New quote request',
  customDesignSubject: 'New custom card request: {name}',
  quoteSubject: 'New quote request: {name}',
  someone: 'Someone',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  quantity: 'Quantity',
  material: 'Material',
  finish: 'Finish',
  cardCount: 'Number of cards',
  notes: 'Notes',
  materialPvc: 'PVC',
  materialMetal: 'Metal',
  materialWood: 'Wood',
  materialRecycled: 'Recycled plastic',
  finishMatte: 'Matte',
  finishGlossy: 'Glossy',
  finishSoftTouch: 'Soft touch',
  filesAttached: '{count, plural, one {# file attached in the console.} other {# files attached in the console.}}',
  openRequests: 'Open the requests',
  signingCertificate: 'The Apple Wallet signing certificate',
  apnsKey: 'The APNs key',
  credentialExpired: '{credential} expired on {day}',
  credentialExpires: '{credential} expires on {day}, in {days, plural, one {# day} other {# days}}',
  expiredConsequence: 'Apple Wallet passes can no longer be signed or updated with it.',
  expiringConsequence: 'Renew it before then, or new and updated Apple Wallet passes stop working.',
  signingCertificateRenewal:
    'Make a new Pass Type ID certificate in the Apple Developer account and set APPLE_SIGNER_CERT and APPLE_SIGNER_KEY to it (docs/wallet.md), then restart the server.',
  apnsKeyRenewal:
    'Make a new APNs key in the Apple Developer account, set APPLE_APNS_KEY_ID, APPLE_APNS_KEY and APPLE_APNS_KEY_EXPIRES_AT to it (docs/wallet.md), then restart the server.',
  footer: 'You receive this email because you are an operator of this service.',
} as const;

export type OperatorMailMessageId = keyof typeof operatorMailEnglish;
export type OperatorMailCatalog = Record<OperatorMailMessageId, string>;
