import { z } from 'zod';
import { visitSourceMarkers, withVisitSource } from '../insights/sources';
import { linkKindSchema } from './links';

/*
 * A card as an email signature: one self-contained piece of HTML that mail clients keep when it is pasted into
 * their signature settings. Mail clients strip <style> blocks and classes, many lay out only tables, most do not
 * show SVG or WebP images and none loads a relative address, so the signature is a table with inline styles,
 * JPEG/PNG images at absolute addresses, and links that carry the `src=email` visit marker (the insights
 * dashboard counts the visits under "Email signature"). Built from plain data by hand (this runs in the
 * browser and on the server alike): every value the card's owner wrote goes through `escapeHtml`.
 */

/** What `GET /api/cards/{id}/email-signature` answers: the card's saved data and its public addresses, absolute. */
export const emailSignatureData = z.object({
  name: z.string(),
  jobTitle: z.string(),
  companyName: z.string(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  /** The card's photo as a square JPEG (`/id/{cardId}/photo.jpg`); null when the card has none. */
  photoUrl: z.string().nullable(),
  /** The card's page by its id, which never changes (a username may). */
  cardUrl: z.string(),
  /** The PNG QR code of the card's page (`/id/{cardId}/qr.png`). */
  qrImageUrl: z.string(),
  /** The card's web links at their tracked addresses (`/id/{cardId}/l/{linkId}`), in the card's order. */
  links: z.array(z.object({ kind: linkKindSchema, label: z.string(), url: z.string() })),
});
export type EmailSignatureData = z.infer<typeof emailSignatureData>;

export const emailSignatureResponse = z.object({ signature: emailSignatureData });
export type EmailSignatureResponse = z.infer<typeof emailSignatureResponse>;

/** The few words of the signature that are not the card's: in the language of whoever makes it. */
export interface EmailSignatureWords {
  /** The text of the link to the card's page ("My digital business card"). */
  cardLink: string;
  /** The QR code's alternative text. */
  qrAlt: string;
}

export interface EmailSignatureOptions {
  includeQr: boolean;
  words: EmailSignatureWords;
  /** Each link's text (its own label, else its kind's name in the signature's language). */
  linkLabel: (link: EmailSignatureData['links'][number]) => string;
}

export interface EmailSignature {
  /** The signature as HTML: one table, no <style>, no class, no script. */
  html: string;
  /** The same as plain text, for clients (and clipboards) that take no HTML. */
  text: string;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value made safe to place in HTML (inside double quotes for attributes). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

/** Only absolute web addresses reach the signature: a mail client has no page to resolve anything else against. */
export function isAbsoluteWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
}

/** What a mail client dials: the digits and a leading plus. */
function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d{3,}/.test(digits) ? `tel:${digits}` : null;
}

function mailtoHref(email: string): string | null {
  // The card's rule checked the address when it was saved; anything that could end the attribute or start a query is refused.
  return /^[^\s<>"'?&#]+@[^\s<>"'?&#]+$/.test(email) ? `mailto:${email}` : null;
}

const rtlScripts = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;

/** The direction of a text by its first letter (as `dir="auto"` would decide, which not every mail client does). */
export function textDirection(text: string): 'ltr' | 'rtl' {
  const firstLetter = /\p{L}/u.exec(text)?.[0];
  return firstLetter && rtlScripts.test(firstLetter) ? 'rtl' : 'ltr';
}

const unique = (values: readonly string[]) => [...new Set(values.map((value) => value.trim()).filter(Boolean))];

// Fixed styles: nothing the card's owner wrote reaches a style attribute.
const fontStyle = 'font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:20px;color:#1f2937;';
const linkStyle = 'color:#1d4ed8;text-decoration:none;';
const imageSize = 88;

type Attributes = Record<string, string | number>;

/** An element with escaped attribute values; `children` are markup already made by these functions. */
function element(tag: string, attributes: Attributes, children = ''): string {
  const attributeText = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');
  return tag === 'img' ? `<img${attributeText}>` : `<${tag}${attributeText}>${children}</${tag}>`;
}

const link = (href: string, text: string) => element('a', { href, style: linkStyle }, escapeHtml(text));
const row = (content: string, style = '') => element('tr', {}, element('td', { style: `${fontStyle}${style}` }, content));

/** Every web address in the signature carries the email visit marker. */
const marked = (url: string) => withVisitSource(url, visitSourceMarkers.email);

/**
 * The card's email signature. A field left empty on the card leaves its line out; images and links whose
 * address is not an absolute web address are left out rather than broken.
 */
export function buildEmailSignature(data: EmailSignatureData, options: EmailSignatureOptions): EmailSignature {
  const name = data.name.trim();
  const role = [data.jobTitle, data.companyName].map((part) => part.trim()).filter(Boolean);
  const phones = unique(data.phones);
  const emails = unique(data.emails);
  const links = data.links.filter((candidate) => isAbsoluteWebUrl(candidate.url)).map((candidate) => ({ label: options.linkLabel(candidate).trim() || candidate.url, url: marked(candidate.url) }));
  const cardUrl = isAbsoluteWebUrl(data.cardUrl) ? marked(data.cardUrl) : null;
  const photoUrl = data.photoUrl && isAbsoluteWebUrl(data.photoUrl) ? data.photoUrl : null;
  // The QR image asks for the code of the address marked as an email's (the route draws that one, see docs).
  const qrUrl = options.includeQr && cardUrl && isAbsoluteWebUrl(data.qrImageUrl) ? marked(data.qrImageUrl) : null;
  const direction = textDirection(name || role.join(' '));
  const start = direction === 'rtl' ? 'right' : 'left';
  const end = direction === 'rtl' ? 'left' : 'right';

  const image = (src: string, alt: string, round: boolean) =>
    element('img', {
      src,
      alt,
      width: imageSize,
      height: imageSize,
      style: `display:block;width:${imageSize}px;height:${imageSize}px;border:0;${round ? `border-radius:${imageSize / 2}px;` : ''}`,
    });
  const linked = (content: string) => (cardUrl ? element('a', { href: cardUrl, style: linkStyle }, content) : content);

  const lines = [
    name ? row(escapeHtml(name), 'font-size:16px;line-height:22px;font-weight:bold;color:#111827;') : '',
    role.length > 0 ? row(escapeHtml(role.join(' · ')), 'color:#4b5563;') : '',
    ...phones.map((phone) => {
      const href = telHref(phone);
      return row(href ? link(href, phone) : escapeHtml(phone));
    }),
    ...emails.map((email) => {
      const href = mailtoHref(email);
      return row(href ? link(href, email) : escapeHtml(email));
    }),
    links.length > 0 ? row(links.map((entry) => link(entry.url, entry.label)).join(escapeHtml(' · ')), 'padding-top:4px;') : '',
    cardUrl ? row(link(cardUrl, options.words.cardLink), 'padding-top:4px;font-weight:bold;') : '',
  ].join('');
  const cellStyle = (padding: string) => `vertical-align:top;${padding}`;
  const cells = [
    photoUrl ? element('td', { style: cellStyle(`padding-${end}:16px;`) }, linked(image(photoUrl, name, true))) : '',
    element('td', { style: cellStyle('') }, element('table', { cellpadding: 0, cellspacing: 0, border: 0, role: 'presentation', style: 'border-collapse:collapse;' }, lines)),
    qrUrl ? element('td', { style: cellStyle(`padding-${start}:16px;`) }, linked(image(qrUrl, options.words.qrAlt, false))) : '',
  ].join('');
  const html = element(
    'table',
    { cellpadding: 0, cellspacing: 0, border: 0, role: 'presentation', dir: direction, style: `border-collapse:collapse;text-align:${start};${fontStyle}` },
    element('tr', {}, cells),
  );

  const text = [
    name,
    role.join(' · '),
    ...phones,
    ...emails,
    ...links.map((entry) => `${entry.label}: ${entry.url}`),
    cardUrl ? `${options.words.cardLink}: ${cardUrl}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { html, text };
}
