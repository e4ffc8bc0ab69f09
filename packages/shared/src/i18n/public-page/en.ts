import { defaultLeadConsentText, defaultLeadThankYouMessage } from '../../cards/schemas';
import { contactMessages } from '../../contacts/schemas';
import { physicalCardTexts } from '../../physical-cards/schemas';
import { publicCardTexts } from '../../public-card/schemas';
import { walletTexts } from '../../wallet/schemas';

/**
 * What a visitor reads on a card's public page and the pages beside it (not found, not active, a physical card
 * not yet activated), in English: the texts the product was specified with, as ICU messages. The other
 * languages translate these keys (`./{locale}.ts`); `catalogs.test.ts` checks they match.
 */
export const publicPageEnglish = {
  saveContact: publicCardTexts.saveContact,
  addToAppleWallet: walletTexts.addToApple,
  addToGoogleWallet: walletTexts.addToGoogle,
  qrCode: publicCardTexts.qrCode,
  qrAlt: publicCardTexts.qrAlt,
  downloadSvg: publicCardTexts.downloadSvg,
  downloadPng: publicCardTexts.downloadPng,
  contact: 'Contact',
  links: 'Links',
  files: 'Files',
  videos: '{count, plural, one {Video} other {Videos}}',
  videoTitle: 'YouTube video',
  numberedVideoTitle: 'YouTube video {number}',
  leadTitle: publicCardTexts.leadTitle,
  fieldName: 'Name',
  fieldEmail: 'Email',
  fieldPhone: 'Phone',
  fieldCompany: 'Company',
  fieldMessage: 'Message',
  honeypotLabel: 'Leave this field empty',
  leadSubmit: publicCardTexts.leadSubmit,
  leadFailed: publicCardTexts.leadFailed,
  tooManyLeads: publicCardTexts.tooManyLeads,
  defaultConsent: defaultLeadConsentText,
  defaultThankYou: defaultLeadThankYouMessage,
  leadFormOff: contactMessages.leadFormOff,
  nameOrEmailRequired: contactMessages.nameOrEmailRequired,
  invalidEmail: contactMessages.invalidEmail,
  invalidPhone: contactMessages.invalidPhone,
  cardNotFound: contactMessages.cardNotFound,
  notFoundTitle: publicCardTexts.notFoundTitle,
  notFoundText: publicCardTexts.notFoundText,
  inactiveTitle: publicCardTexts.inactiveTitle,
  inactiveText: publicCardTexts.inactiveText,
  notActivatedTitle: physicalCardTexts.notActivatedTitle,
  notActivatedText: physicalCardTexts.notActivatedText,
  activate: physicalCardTexts.activate,
  deactivatedTitle: physicalCardTexts.deactivatedTitle,
  deactivatedText: physicalCardTexts.deactivatedText,
  defaultTitle: 'Digital business card',
  descriptionWithRole: '{role}. Save the contact or get in touch.',
  descriptionDefault: 'Digital business card: save the contact or get in touch.',
  roleAtCompany: '{jobTitle} at {company}',
} as const;

export type PublicPageMessageId = keyof typeof publicPageEnglish;
export type PublicPageCatalog = Record<PublicPageMessageId, string>;
