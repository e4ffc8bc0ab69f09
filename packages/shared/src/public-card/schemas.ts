import { z } from 'zod';
import { leadHoneypotField } from '../contacts/schemas';

/*
 * The public card page (/id/{cardId}/ or /id/{username}/) and its sub-resources: addresses, the lead form's
 * texts. What the page counts for the insights dashboard is in `../insights/`. The server renders and serves them; the editor
 * links to the QR codes.
 */

/** The card page. A card is addressed by its id or its username (ignoring case); the id never changes. */
export function publicCardPath(idOrUsername: string): string {
  return `/id/${encodeURIComponent(idOrUsername)}/`;
}

/** Sub-resources hang off the card id, which (unlike the username) never changes. */
export const publicCardResourcePaths = {
  vcard: (cardId: string) => `/id/${encodeURIComponent(cardId)}/contact.vcf`,
  qrSvg: (cardId: string) => `/id/${encodeURIComponent(cardId)}/qr.svg`,
  qrPng: (cardId: string) => `/id/${encodeURIComponent(cardId)}/qr.png`,
  /** The photo as a square JPEG, for email signatures (mail clients show no WebP). */
  photo: (cardId: string) => `/id/${encodeURIComponent(cardId)}/photo.jpg`,
  lead: (cardId: string) => `/id/${encodeURIComponent(cardId)}/lead`,
  /** Where the lead form lands after a submission without JavaScript. */
  leadSent: (cardId: string) => `/id/${encodeURIComponent(cardId)}/thanks`,
  link: (cardId: string, linkId: string) => `/id/${encodeURIComponent(cardId)}/l/${encodeURIComponent(linkId)}`,
  file: (cardId: string, fileId: string) => `/id/${encodeURIComponent(cardId)}/f/${encodeURIComponent(fileId)}`,
} as const;

export const publicCardTexts = {
  saveContact: 'Save contact',
  qrCode: 'QR code',
  qrAlt: 'QR code of this card’s address',
  downloadSvg: 'Download SVG',
  downloadPng: 'Download PNG',
  leadTitle: 'Leave your details',
  leadSubmit: 'Send',
  leadFailed: 'The form could not be sent. Please try again.',
  notFoundTitle: 'Card not found',
  notFoundText: 'There is no card at this address. Check the link or ask its owner for a new one.',
  inactiveTitle: 'This card is not active',
  inactiveText: 'This card is not available at the moment.',
  tooManyLeads: 'Too many submissions. Please try again in a minute.',
} as const;

/** A public sub-route's card key (id or username) and, where there is one, the item within the card. */
export const publicCardKeyMaxLength = 64;
export const publicCardKeyParams = z.object({ key: z.string().min(1).max(publicCardKeyMaxLength) });
export const publicCardLinkParams = publicCardKeyParams.extend({ linkId: z.string().min(1).max(32) });
export const publicCardFileParams = publicCardKeyParams.extend({ fileId: z.string().min(1).max(64) });
/** `download` asks for an attachment; `src=email` (PNG only) for the small code of the address an email signature marks. */
export const qrDownloadQuery = z.object({ download: z.string().max(8).optional(), src: z.string().max(16).optional() });

/**
 * The lead form as the page posts it: form fields (strings, the consent box "yes" when ticked) or the same as
 * JSON. Only the shape is checked here; the contacts module validates the values (one set of messages).
 */
export const publicLeadForm = z.object({
  name: z.string().max(5000).optional(),
  email: z.string().max(5000).optional(),
  phone: z.string().max(5000).optional(),
  company: z.string().max(5000).optional(),
  message: z.string().max(20000).optional(),
  consent: z.union([z.boolean(), z.string().max(10)]).optional(),
  [leadHoneypotField]: z.string().max(5000).optional(),
});
export type PublicLeadForm = z.infer<typeof publicLeadForm>;
