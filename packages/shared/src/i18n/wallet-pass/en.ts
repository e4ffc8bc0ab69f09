/**
 * The labels of a card's wallet pass, in English; the other languages translate these keys (`./{locale}.ts`).
 * A phone shows the labels in its own language (Apple: the pass's `{locale}.lproj/pass.strings`; Google:
 * translated values), whatever language the card is in.
 */
export const walletPassEnglish = {
  company: 'Company',
  name: 'Name',
  jobTitle: 'Job title',
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  cardName: 'Card name',
  username: 'Username',
  card: 'Card',
  numbered: '{label} {number}',
  businessCard: 'Business card',
  digitalBusinessCard: 'Digital business card',
} as const;

export type WalletPassMessageId = keyof typeof walletPassEnglish;
export type WalletPassCatalog = Record<WalletPassMessageId, string>;
