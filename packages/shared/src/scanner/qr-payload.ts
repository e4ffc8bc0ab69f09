import ICAL from 'ical.js';
import { findPhoneNumbersInText, parsePhoneNumberFromString } from 'libphonenumber-js';
import { countryOfLocale } from './ocr-segments';
import { socialNetworks } from './keywords';
import { emptyScannedFields, scannerLimits, type ScannedFields } from './schemas';

/*
 * What a QR code on a card holds: a vCard (exact data, read with ical.js, a maintained vCard 3.0/4.0 parser)
 * or a link (often to a digital card), which the scanner offers to open instead of guessing fields from it.
 */

export type QrPayload =
  | { kind: 'vcard'; fields: ScannedFields }
  | { kind: 'link'; url: string }
  | { kind: 'text'; text: string };

/** vCard 3.0 text values keep `\;` and `\,` escaped in ical.js (kewisch/ical.js#173); the RFC unescapes them. */
const unescapeText = (value: string) => value.replace(/\\([;,\\])/g, '$1').replace(/\\n/gi, '\n').trim();

function textValues(card: ICAL.Component, name: string): string[] {
  return card
    .getAllProperties(name)
    .flatMap((property) => property.getValues())
    .map((value) => (Array.isArray(value) ? value.join(' ') : String(value ?? '')))
    .map(unescapeText)
    .filter(Boolean);
}

function uniqueLimited(values: readonly string[]): string[] {
  return [...new Set(values)].slice(0, scannerLimits.listItems);
}

function phoneOf(value: string, locale: string | undefined): string {
  const cleaned = value.replace(/^tel:/i, '').trim();
  const country = countryOfLocale(locale);
  const parsed = parsePhoneNumberFromString(cleaned, country ? { defaultCountry: country } : undefined);
  if (parsed?.isPossible()) return parsed.number;
  return findPhoneNumbersInText(cleaned)[0]?.number.number ?? cleaned.slice(0, 40);
}

function linkOf(value: string): string | null {
  const url = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    return new URL(url).toString();
  } catch {
    return null;
  }
}

function isSocial(url: string): boolean {
  const host = new URL(url).hostname.replace(/^www\./, '');
  return socialNetworks.some((network) => network.hosts.includes(host));
}

/** The fields of a vCard, as the review form shows them; null when the text is not a vCard ical.js can read. */
export function fieldsOfVCard(text: string, options: { locale?: string } = {}): ScannedFields | null {
  let card: ICAL.Component;
  try {
    const parsed = ICAL.parse(text.trim());
    card = new ICAL.Component(parsed as unknown[]);
  } catch {
    return null;
  }
  if (card.name !== 'vcard') return null;
  const structuredName = card.getFirstPropertyValue('n');
  const nameFromParts = Array.isArray(structuredName)
    ? [structuredName[3], structuredName[1], structuredName[2], structuredName[0], structuredName[4]]
        .flat()
        .map((part) => unescapeText(String(part ?? '')))
        .filter(Boolean)
        .join(' ')
    : '';
  const organisation = card.getFirstPropertyValue('org');
  const company = unescapeText((Array.isArray(organisation) ? organisation.join(', ') : String(organisation ?? '')).replace(/,\s*$/, ''));
  const links = uniqueLimited([...textValues(card, 'url'), ...textValues(card, 'x-socialprofile')].map(linkOf).filter((url): url is string => url !== null));
  const address = card
    .getAllProperties('adr')
    .map((property) => property.getFirstValue())
    .map((value) => (Array.isArray(value) ? value.flat().map((part) => unescapeText(String(part ?? ''))).filter(Boolean).join(', ') : ''))
    .find(Boolean);
  return {
    ...emptyScannedFields,
    name: (textValues(card, 'fn')[0] ?? nameFromParts).slice(0, 100),
    jobTitle: (textValues(card, 'title')[0] ?? textValues(card, 'role')[0] ?? '').slice(0, 100),
    company: company.slice(0, 100),
    emails: uniqueLimited(textValues(card, 'email').map((email) => email.replace(/^mailto:/i, '').toLowerCase())),
    phones: uniqueLimited(textValues(card, 'tel').map((phone) => phoneOf(phone, options.locale))),
    websites: links.filter((url) => !isSocial(url)),
    socialLinks: links.filter(isSocial),
    address: (address ?? '').slice(0, scannerLimits.address),
  };
}

/** Sorts a decoded QR code's text into a vCard, a link or plain text. */
export function readQrPayload(text: string, options: { locale?: string } = {}): QrPayload {
  const trimmed = text.trim();
  if (/^BEGIN:VCARD/i.test(trimmed)) {
    const fields = fieldsOfVCard(trimmed, options);
    if (fields) return { kind: 'vcard', fields };
  }
  if (/^https?:\/\/\S+$/i.test(trimmed)) {
    const url = linkOf(trimmed);
    if (url) return { kind: 'link', url };
  }
  return { kind: 'text', text: trimmed };
}
