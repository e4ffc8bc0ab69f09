/**
 * vCard 3.0 (RFC 2426) writer for "Save contact" and the contacts' vCard export. 3.0 rather than 4.0 because
 * it imports most reliably on iOS Contacts and Google/Android Contacts. Pure: plain strings and bytes in, text
 * out, no Node or browser APIs, so the server and the browser can both use it. The photo arrives already made
 * small (the server resizes it with sharp before calling this).
 */

/** A structured address; a free-text address is passed as a plain string and lands in the street component. */
export interface VCardAddress {
  street?: string | null;
  locality?: string | null;
  region?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

export interface VCardLink {
  /** The card's link kind (`linkedin`, `tikTok`, `website`, `` for a custom link …). */
  kind: string;
  url: string;
  label?: string | null;
}

export interface VCardInput {
  /** The display name as the owner typed it; becomes FN, and N is derived from it. */
  name: string;
  companyName?: string | null;
  jobTitle?: string | null;
  description?: string | null;
  phones?: readonly string[];
  emails?: readonly string[];
  addresses?: readonly (string | VCardAddress)[];
  links?: readonly VCardLink[];
  /** The card's public page, emitted as the first URL. */
  publicUrl?: string | null;
  /** A small JPEG, already resized (at most a few hundred pixels); embedded inline because Apple ignores URI photos. */
  photoJpeg?: Uint8Array | null;
}

/** `text/plain` would make iOS save the download as `.vcf.txt`. */
export const vcardContentType = 'text/vcard; charset=utf-8';

const crlf = '\r\n';
const maxLineOctets = 75;

/**
 * Link kinds that Apple shows as social profiles, mapped to the TYPE it expects. Everything else (website,
 * addressUrl, custom links) is a plain URL only.
 */
const socialProfileTypes: Record<string, { type: string; label: string }> = {
  facebook: { type: 'facebook', label: 'Facebook' },
  instagram: { type: 'instagram', label: 'Instagram' },
  twitter: { type: 'twitter', label: 'Twitter' },
  x: { type: 'twitter', label: 'X' },
  whatsapp: { type: 'whatsapp', label: 'WhatsApp' },
  linkedin: { type: 'linkedin', label: 'LinkedIn' },
  tiktok: { type: 'tiktok', label: 'TikTok' },
  telegram: { type: 'telegram', label: 'Telegram' },
  vibergroup: { type: 'viber', label: 'Viber' },
  viber: { type: 'viber', label: 'Viber' },
  spotify: { type: 'spotify', label: 'Spotify' },
  snapchat: { type: 'snapchat', label: 'Snapchat' },
  youtube: { type: 'youtube', label: 'YouTube' },
  pinterest: { type: 'pinterest', label: 'Pinterest' },
  github: { type: 'github', label: 'GitHub' },
};

/** Same list the public page allows for links; anything else (javascript:, data: …) is left out of the file. */
const allowedUrlProtocols = new Set(['https:', 'http:', 'mailto:', 'tel:', 'sms:']);

const honorificPrefixes = new Set(['dr', 'dr.', 'prof', 'prof.', 'mr', 'mr.', 'mrs', 'mrs.', 'ms', 'ms.', 'mx', 'mx.']);

const familyNameFirstScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

// Lone surrogates would be written as U+FFFD by the UTF-8 encoder; replacing them first keeps our octet
// counting identical to what ends up in the file.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// C0/C1 controls other than tab and line breaks are not allowed in vCard values.
// eslint-disable-next-line no-control-regex
const forbiddenControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

function cleanText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .replace(loneSurrogate, '\uFFFD')
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(forbiddenControls, '')
    .trim();
}

/** Text escaping of RFC 2426 §4: backslash, comma, semicolon and line breaks. */
function escapeText(value: string): string {
  return value.replace(/[\\,;\n]/g, (char) => (char === '\n' ? '\\n' : `\\${char}`));
}

/** Single-line values that are not text (phone numbers): no escaping, but never a line break. */
function cleanSingleLine(value: string | null | undefined): string {
  return cleanText(value).replace(/\s+/g, ' ');
}

/** Returns the normalised URL, or '' when it cannot be parsed or uses a scheme we do not hand out. */
function cleanUrl(value: string | null | undefined): string {
  const text = cleanText(value);
  if (!text) return '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return '';
  }
  // URL serialisation percent-encodes spaces and controls, so the value cannot break the line structure.
  return allowedUrlProtocols.has(url.protocol) ? url.href : '';
}

/** UTF-8 length of text without lone surrogates (`cleanText` replaced them). */
function utf8Octets(text: string): number {
  let octets = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    octets += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return octets;
}

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding (RFC 4648 §4), as ENCODING=b asks for. */
function base64(bytes: Uint8Array): string {
  const chunks: string[] = [];
  for (let index = 0; index < bytes.length; index += 3) {
    const second = bytes[index + 1];
    const third = bytes[index + 2];
    const triple = (bytes[index]! << 16) | ((second ?? 0) << 8) | (third ?? 0);
    chunks.push(
      base64Alphabet[(triple >> 18) & 63]! +
        base64Alphabet[(triple >> 12) & 63]! +
        (second === undefined ? '=' : base64Alphabet[(triple >> 6) & 63]!) +
        (third === undefined ? '=' : base64Alphabet[triple & 63]!),
    );
  }
  return chunks.join('');
}

function uniqueNonEmpty(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}

/**
 * Splits a display name into N's components (Family;Given;Middle;Prefix;Suffix). A business card's name is
 * written in display order, so: text after the first comma is a suffix ("Jane Doe, PhD"), leading honorifics
 * are prefixes, the last word is the family name and the rest given and middle names. Chinese, Japanese and
 * Korean names put the family name first. FN keeps the name exactly as typed; N only has to sort and display
 * sensibly.
 */
export function structuredName(displayName: string): [family: string, given: string, middle: string, prefix: string, suffix: string] {
  const commaIndex = displayName.indexOf(',');
  const main = (commaIndex === -1 ? displayName : displayName.slice(0, commaIndex)).trim();
  const suffix = commaIndex === -1 ? '' : displayName.slice(commaIndex + 1).trim();
  const words = main.split(/\s+/).filter(Boolean);
  if (words.length === 0) return ['', displayName.trim(), '', '', ''];

  const prefixes: string[] = [];
  while (words.length > 1 && honorificPrefixes.has(words[0]!.toLowerCase())) prefixes.push(words.shift()!);
  const prefix = prefixes.join(' ');

  if (familyNameFirstScript.test(main)) {
    return [words[0]!, words.slice(1).join(' '), '', prefix, suffix];
  }
  if (words.length === 1) return ['', words[0]!, '', prefix, suffix];
  return [words.at(-1)!, words[0]!, words.slice(1, -1).join(' '), prefix, suffix];
}

/**
 * Folds one content line at 75 octets with CRLF + space. Code points are kept whole (so neither a UTF-8
 * sequence nor a surrogate pair is split), and so are backslash escapes, for importers that unescape before
 * they unfold.
 */
export function foldLine(line: string): string {
  const segments: string[] = [];
  let current = '';
  let currentOctets = 0;
  // The first physical line holds 75 octets; continuation lines spend one on the leading space.
  let limit = maxLineOctets;
  const codePoints = Array.from(line);
  for (let index = 0; index < codePoints.length; index += 1) {
    let unit = codePoints[index]!;
    if (unit === '\\' && index + 1 < codePoints.length) {
      index += 1;
      unit += codePoints[index]!;
    }
    const octets = utf8Octets(unit);
    if (currentOctets + octets > limit) {
      segments.push(current);
      current = '';
      currentOctets = 0;
      limit = maxLineOctets - 1;
    }
    current += unit;
    currentOctets += octets;
  }
  segments.push(current);
  return segments.join(`${crlf} `);
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

function addressComponents(address: string | VCardAddress): string[] {
  // ADR: PO box; extended address; street; locality; region; postal code; country.
  if (typeof address === 'string') return ['', '', cleanText(address), '', '', '', ''];
  return ['', '', address.street, address.locality, address.region, address.postalCode, address.country].map(cleanText);
}

/** Builds the vCard text: CRLF line endings, folded at 75 octets of its UTF-8 encoding (write it as UTF-8). */
export function buildVCard(input: VCardInput): string {
  const lines: string[] = [];
  // The one place that keeps empty properties out: importers show them as blank fields or reject the card.
  const add = (nameAndParams: string, value: string) => {
    if (value !== '') lines.push(`${nameAndParams}:${value}`);
  };

  const fullName =
    cleanText(input.name) || cleanText(input.companyName) || cleanSingleLine(input.emails?.[0]) || 'Contact';

  lines.push('BEGIN:VCARD', 'VERSION:3.0');
  add('N', structuredName(fullName).map(escapeText).join(';'));
  add('FN', escapeText(fullName));
  add('ORG', escapeText(cleanText(input.companyName)));
  add('TITLE', escapeText(cleanText(input.jobTitle)));

  const phones = uniqueNonEmpty((input.phones ?? []).map(cleanSingleLine));
  phones.forEach((phone, index) => add(index === 0 && phones.length > 1 ? 'TEL;TYPE=CELL,VOICE,PREF' : 'TEL;TYPE=CELL,VOICE', phone));

  const emails = uniqueNonEmpty((input.emails ?? []).map(cleanSingleLine));
  emails.forEach((email, index) =>
    add(index === 0 && emails.length > 1 ? 'EMAIL;TYPE=INTERNET,WORK,PREF' : 'EMAIL;TYPE=INTERNET,WORK', escapeText(email)),
  );

  const seenAddresses = new Set<string>();
  for (const address of input.addresses ?? []) {
    const components = addressComponents(address);
    if (components.every((component) => component === '')) continue;
    const value = components.map(escapeText).join(';');
    if (seenAddresses.has(value)) continue;
    seenAddresses.add(value);
    add('ADR;TYPE=WORK', value);
  }

  const seenUrls = new Set<string>();
  const publicUrl = cleanUrl(input.publicUrl);
  if (publicUrl) {
    seenUrls.add(publicUrl);
    add('URL', publicUrl);
  }
  // Apple reads X-SOCIALPROFILE, Google/Android only URL; a label travels as itemN.X-ABLabel, which both read.
  let itemNumber = 0;
  for (const link of input.links ?? []) {
    const url = cleanUrl(link.url);
    if (!url || seenUrls.has(url)) continue;
    seenUrls.add(url);
    const social = socialProfileTypes[link.kind.toLowerCase()];
    if (social) add(`X-SOCIALPROFILE;TYPE=${social.type}`, url);
    const label = cleanSingleLine(link.label) || social?.label || '';
    if (label) {
      itemNumber += 1;
      add(`item${itemNumber}.URL`, url);
      add(`item${itemNumber}.X-ABLabel`, escapeText(label));
    } else {
      add('URL', url);
    }
  }

  add('NOTE', escapeText(cleanText(input.description)));

  if (input.photoJpeg && input.photoJpeg.length > 0) {
    if (!isJpeg(input.photoJpeg)) throw new TypeError('photoJpeg must be a JPEG (resize and re-encode the photo first).');
    add('PHOTO;ENCODING=b;TYPE=JPEG', base64(input.photoJpeg));
  }

  lines.push('END:VCARD');
  return lines.map(foldLine).join(crlf) + crlf;
}

const maxFileStemLength = 64;

function trimDashes(value: string): string {
  return value.replace(/^-+|-+$/g, '');
}

/** ASCII-only attachment name: `Jane-Doe.vcf`; `contact.vcf` when nothing usable is left. */
export function vcardFileName(name: string): string {
  const stem = trimDashes(
    trimDashes(
      name
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/[^A-Za-z0-9]+/g, '-'),
    ).slice(0, maxFileStemLength),
  );
  return `${stem || 'contact'}.vcf`;
}

function unicodeFileName(name: string): string {
  const stem = trimDashes(
    Array.from(trimDashes(name.normalize('NFC').replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')))
      .slice(0, maxFileStemLength)
      .join(''),
  );
  return stem ? `${stem}.vcf` : '';
}

/** RFC 5987 attr-char: percent-encode everything encodeURIComponent leaves alone that is not an attr-char. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Content-Disposition value for the vCard download: a quoted ASCII `filename` every client understands, plus
 * `filename*` (RFC 6266 / 5987) carrying the real name when it is not plain ASCII.
 */
export function vcardContentDisposition(name: string): string {
  const asciiName = vcardFileName(name);
  const fullName = unicodeFileName(name);
  const header = `attachment; filename="${asciiName}"`;
  return fullName && fullName !== asciiName ? `${header}; filename*=UTF-8''${encodeRfc5987(fullName)}` : header;
}
