import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';
import { emptyImportedContact, type ImportedContact, type ImportRecord } from './imported-contact';

/*
 * A tolerant vCard reader for the files address books export: vCard 2.1 (Outlook, older Android: bare TYPE
 * parameters, QUOTED-PRINTABLE values with soft line breaks, CHARSET), 3.0 (iCloud, Google) and 4.0 (data: URI
 * photos, VALUE=uri). Lines arrive one at a time and each card is read when its END:VCARD arrives, so a file of any
 * number of cards is read in the memory of one card. A card that cannot be read is refused on its own; a file with
 * no card at all, or one that ends inside a card, is not a vCard file (`VCardFileError`).
 */

/** A card's property line longer than this is refused (a photo of about 7 MB in base64). */
export const maxVCardPropertyLength = 10 * 1024 * 1024;

export class VCardFileError extends Error {
  constructor(readonly keyedMessage: KeyedMessage) {
    super(keyedMessage);
  }
}

interface Property {
  name: string;
  params: Map<string, string[]>;
  value: string;
}

/** `NAME;PARAM=a,b;BARE:value` with an optional `group.` prefix; parameter values may be quoted. */
function parseProperty(line: string): Property | null {
  let index = 0;
  let inQuotes = false;
  for (; index < line.length; index += 1) {
    const char = line[index];
    if (char === '"') inQuotes = !inQuotes;
    else if (char === ':' && !inQuotes) break;
  }
  if (index >= line.length) return null;
  const head = line.slice(0, index);
  const value = line.slice(index + 1);
  const [nameWithGroup = '', ...rawParams] = head.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const name = (nameWithGroup.split('.').pop() ?? '').trim().toUpperCase();
  if (!name) return null;
  const params = new Map<string, string[]>();
  for (const raw of rawParams) {
    const equals = raw.indexOf('=');
    // vCard 2.1 writes bare parameters: TEL;WORK;VOICE, PHOTO;JPEG;ENCODING=BASE64, NOTE;QUOTED-PRINTABLE.
    const key = equals === -1 ? (/^(quoted-printable|base64|b|8bit|7bit)$/i.test(raw) ? 'ENCODING' : 'TYPE') : raw.slice(0, equals).trim().toUpperCase();
    const values = (equals === -1 ? raw : raw.slice(equals + 1)).split(',').map((part) => part.trim().replace(/^"|"$/g, ''));
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return { name, params, value };
}

function parameter(property: Property, key: string): string {
  return (property.params.get(key)?.[0] ?? '').toLowerCase();
}

/** QUOTED-PRINTABLE to bytes (=XX escapes; soft line breaks were joined before). */
function quotedPrintableBytes(value: string): Uint8Array {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    const hex = value.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      for (const byte of new TextEncoder().encode(char)) bytes.push(byte);
    }
  }
  return Uint8Array.from(bytes);
}

function charsetOf(property: Property): string {
  const charset = parameter(property, 'CHARSET');
  if (!charset) return 'utf-8';
  try {
    return new TextDecoder(charset).encoding;
  } catch {
    return 'windows-1252'; // an unknown charset name: the likeliest of the old files
  }
}

/** A property's text: quoted-printable decoded in its charset; vCard 3.0/4.0 escapes (\n \, \; \\) resolved. */
function textOf(property: Property, raw = property.value): string {
  if (parameter(property, 'ENCODING') === 'quoted-printable') return new TextDecoder(charsetOf(property)).decode(quotedPrintableBytes(raw));
  return raw.replace(/\\([nN,;\\])/g, (_match, escaped: string) => (escaped === 'n' || escaped === 'N' ? '\n' : escaped));
}

/** The components of a structured value (N, ADR, ORG), split at unescaped semicolons, each as text. */
function componentsOf(property: Property): string[] {
  const decoded = parameter(property, 'ENCODING') === 'quoted-printable' ? textOf(property) : property.value;
  return decoded.split(/(?<!\\);/).map((part) => textOf({ ...property, params: new Map() }, part).trim());
}

/** An embedded photo's bytes: base64 (ENCODING=b / BASE64) or a data: URI; a photo given by address is not fetched. */
function photoOf(property: Property): Uint8Array | null {
  const encoding = parameter(property, 'ENCODING');
  const value = property.value.trim();
  const dataUri = /^data:[^;,]*;base64,(.*)$/is.exec(value);
  const base64 = dataUri ? dataUri[1]! : encoding === 'b' || encoding === 'base64' ? value : null;
  if (!base64) return null;
  const bytes = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
  return bytes.length > 0 ? new Uint8Array(bytes) : null;
}

function nameFromParts(parts: readonly string[]): string {
  const [family = '', given = '', additional = '', prefix = '', suffix = ''] = parts;
  return [prefix, given, additional, family, suffix].filter(Boolean).join(' ');
}

function addressFromParts(parts: readonly string[]): string {
  const [postOfficeBox = '', extended = '', street = '', locality = '', region = '', postalCode = '', country = ''] = parts;
  return [postOfficeBox, extended, street, [postalCode, locality].filter(Boolean).join(' '), region, country].filter(Boolean).join(', ');
}

/** One card's properties as a contact. */
export function contactOfVCard(properties: readonly Property[]): ImportedContact {
  const contact = emptyImportedContact();
  let structuredName = '';
  const notes: string[] = [];
  for (const property of properties) {
    switch (property.name) {
      case 'FN':
        contact.name ||= textOf(property).trim();
        break;
      case 'N':
        structuredName ||= nameFromParts(componentsOf(property));
        break;
      case 'ORG':
        contact.company ||= componentsOf(property).filter(Boolean).join(', ');
        break;
      case 'TITLE':
        contact.jobTitle ||= textOf(property).trim();
        break;
      case 'EMAIL':
        contact.emails.push(textOf(property).trim().replace(/^mailto:/i, ''));
        break;
      case 'TEL':
        contact.phones.push(textOf(property).trim().replace(/^tel:/i, ''));
        break;
      case 'URL':
        contact.websites.push(textOf(property).trim());
        break;
      case 'ADR':
        contact.address ||= addressFromParts(componentsOf(property));
        break;
      case 'NOTE':
        notes.push(textOf(property).trim());
        break;
      case 'PHOTO':
        contact.photo ??= photoOf(property);
        break;
    }
  }
  contact.name ||= structuredName;
  contact.notes = notes.filter(Boolean).join('\n\n');
  contact.emails = contact.emails.filter(Boolean);
  contact.phones = contact.phones.filter(Boolean);
  contact.websites = contact.websites.filter(Boolean);
  return contact;
}

/** The cards of a vCard file, each with the line its BEGIN:VCARD is on. */
export async function* readVCards(lines: AsyncIterable<{ number: number; text: string }>): AsyncGenerator<ImportRecord> {
  let card: { line: number; properties: Property[]; refusal: KeyedMessage | null } | null = null;
  let current: { text: string; isQuotedPrintable: boolean; isBase64: boolean } | null = null;
  let cardsSeen = 0;

  const finishProperty = () => {
    if (!card || !current) return;
    if (current.text.length > maxVCardPropertyLength) card.refusal ??= keyed('importValueTooLarge');
    else {
      const property = parseProperty(current.text);
      if (property) card.properties.push(property);
      else if (current.text.trim() !== '') card.refusal ??= keyed('importNotAProperty', { line: current.text.slice(0, 40) });
    }
    current = null;
  };

  for await (const { number, text } of lines) {
    // A folded line (3.0/4.0) or the rest of a 2.1 base64 photo starts with a space or a tab.
    if (current && /^[ \t]/.test(text) && !current.isQuotedPrintable) {
      if (current.text.length <= maxVCardPropertyLength) current.text += text.slice(1);
      continue;
    }
    // Some 2.1 writers do not indent a base64 photo's lines: more base64 is more of the photo.
    if (current?.isBase64 && /^[A-Za-z0-9+/=]+$/.test(text.trim())) {
      if (current.text.length <= maxVCardPropertyLength) current.text += text.trim();
      continue;
    }
    // A 2.1 quoted-printable value continues on the next line after a soft break ("=" at the end).
    if (current?.isQuotedPrintable && current.text.endsWith('=')) {
      current.text = current.text.slice(0, -1) + text;
      continue;
    }
    finishProperty();
    const upper = text.trim().toUpperCase();
    if (upper === 'BEGIN:VCARD') {
      if (card) yield { line: card.line, refusal: keyed('importCardNotEnded') };
      card = { line: number, properties: [], refusal: null };
      cardsSeen += 1;
      continue;
    }
    if (upper === 'END:VCARD') {
      if (!card) continue;
      const { line, properties, refusal } = card;
      card = null;
      yield refusal ? { line, refusal } : { line, contact: contactOfVCard(properties) };
      continue;
    }
    if (!card) {
      if (text.trim() !== '' && cardsSeen === 0 && number > 5) throw new VCardFileError(keyed('importNoVCardNearStart'));
      continue;
    }
    const head = text.slice(0, text.indexOf(':') + 1);
    current = { text, isQuotedPrintable: /;(?:ENCODING=)?QUOTED-PRINTABLE[;:]/i.test(head), isBase64: /;(?:ENCODING=)?(?:BASE64|B)[;:]/i.test(head) };
  }
  finishProperty();
  if (card) throw new VCardFileError(keyed('importEndsInsideCard', { line: card.line }));
  if (cardsSeen === 0) throw new VCardFileError(keyed('importNoVCard'));
}
