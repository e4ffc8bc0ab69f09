import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import { countryNames, faxLabels, fieldLabels, socialNetworks, streetSuffixes, streetWords } from './keywords';
import { emailPattern, escapeRegExp, knownTlds, lower, pushUnique, urlPattern, wordsOf, type Segment } from './ocr-segments';

/*
 * What has an unambiguous shape on a card, taken out of a segment before the company, title and name are decided:
 * emails, links (websites and social profiles), phone numbers, and postal address lines.
 */

/** OCR reads "@" with spaces around it, or cards print "(at)". */
function repairEmailText(text: string): string {
  return text
    .replace(/\s*[([]at[)\]]\s*/gi, '@')
    .replace(/([a-z0-9._-])\s+@\s*([a-z0-9-]+\.)/gi, '$1@$2')
    .replace(/([a-z0-9._-])@\s+([a-z0-9-]+\.)/gi, '$1@$2');
}

export function takeEmails(segment: Segment, emails: string[]): string {
  const text = repairEmailText(segment.text);
  return text.replace(emailPattern, (email) => {
    pushUnique(emails, lower(email.replace(/\.$/, '')));
    return ' ';
  });
}

function normaliseUrl(raw: string): string | null {
  const trimmed = raw.replace(/[.,;:)]+$/, '');
  try {
    const url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    url.hostname = url.hostname.toLowerCase();
    const text = url.toString();
    return url.pathname === '/' && !trimmed.endsWith('/') ? text.replace(/\/$/, '') : text;
  } catch {
    return null;
  }
}

function socialNetworkOfHost(host: string) {
  const bare = host.replace(/^(www\.|m\.|[a-z]{2}\.)/, '');
  return socialNetworks.find((network) => network.hosts.includes(bare));
}

/** Links and labelled handles ("Twitter: @jane", "in/jane-doe"); returns what is left of the segment. */
export function takeLinks(text: string, segment: Segment, websites: string[], socialLinks: string[]): string {
  const labelled = /^(?<label>[a-z]+)\s*[:/]?\s*@?(?<handle>[a-z0-9._-]{2,40})$/i.exec(text);
  if (labelled?.groups) {
    const network = socialNetworks.find((candidate) => candidate.labels.includes(lower(labelled.groups!.label!)));
    if (network) {
      pushUnique(socialLinks, network.profileUrl(labelled.groups.handle!));
      return '';
    }
  }
  const handleOnly = /^@(?<handle>[a-z0-9._]{2,30})$/i.exec(text);
  if (handleOnly?.groups && segment.label === null) {
    // A bare @handle names no network; cards print it for X most often, so it is offered as that.
    pushUnique(socialLinks, `https://x.com/${handleOnly.groups.handle}`);
    return '';
  }
  return text.replace(urlPattern, (match) => {
    const hasPrefix = /^(https?:\/\/|www\.)/i.test(match);
    const host = match.replace(/^https?:\/\//i, '').split(/[/:]/)[0] ?? '';
    const tld = host.split('.').at(-1)?.toLowerCase() ?? '';
    // "S.A." or "Str." are not links: without www. or a scheme the ending must be a known TLD in lower case.
    if (!hasPrefix && (!knownTlds.has(tld) || /[A-Z]/.test(host.split('.').at(-1) ?? ''))) return match;
    const url = normaliseUrl(match);
    if (!url) return match;
    const network = socialNetworkOfHost(new URL(url).hostname);
    pushUnique(network ? socialLinks : websites, url);
    return ' ';
  });
}

export function takePhones(text: string, segment: Segment, country: CountryCode | undefined, phones: string[]): string {
  if ((text.match(/\d/g)?.length ?? 0) < 6) return text;
  // "+49 (0)30 …": the trunk zero in brackets is not dialled from abroad.
  const prepared = text.replace(/(\+\d{1,3})\s*\(0\)\s*/g, '$1 ').replace(/[oO](?=\d{2})/g, '0');
  const found = findPhoneNumbersInText(prepared, country ? { defaultCountry: country } : undefined);
  const isFax = segment.label !== null && faxLabels.includes(segment.label);
  if (found.length === 0) return text;
  let rest = prepared;
  for (const match of [...found].reverse()) {
    const printed = prepared.slice(match.startsAt, match.endsAt);
    // A postal code next to a house number ("8, 80331") can pass as a short number; printed phones have 7+ digits.
    if (printed.includes(',') || (printed.match(/\d/g)?.length ?? 0) < 7) continue;
    if (!isFax) pushUnique(phones, match.number.number);
    rest = `${rest.slice(0, match.startsAt)} ${rest.slice(match.endsAt)}`;
  }
  // What stays is the label of the next number, or an extension: nothing to keep.
  return /\p{L}{3,}/u.test(rest) && !new RegExp(`^\\s*(${fieldLabels.map(escapeRegExp).join('|')})?[\\s:./-]*$`, 'i').test(rest) ? rest : '';
}

const postalCodeLine = [
  /(^|\s)(?:[A-Z]{1,2}-)?\d{4,5}\s+\p{Lu}/u, // 10115 Berlin, D-10115 Berlin, 75008 Paris, 28013 Madrid, 1010 Wien
  /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/, // UK: SW1A 1AA
  /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/, // US: CA 94107
  /\b\p{Lu}[\p{L}.]+,?\s+\p{Lu}\p{L}*\s+\d{5}\b/u, // Austin, Texas 78701
  /\bcedex\b/i,
];

function isStreetLine(text: string): boolean {
  if (!/\d/.test(text)) return /^(c\/|calle|rue|avenida|avenue|plaza|paseo|po box|postfach|apartado)\b/i.test(text);
  const words = wordsOf(text);
  if (words.some((word) => streetWords.includes(word))) return true;
  if (/(^|\s)c\/\s?\p{L}/iu.test(text)) return true;
  return words.some((word) => streetSuffixes.some((suffix) => word.length > suffix.length + 2 && word.endsWith(suffix.replace('.', ''))));
}

export function isAddressLine(text: string): boolean {
  if (text.length > 120) return false;
  return isStreetLine(text) || postalCodeLine.some((pattern) => pattern.test(text));
}

export const isCountryLine = (text: string) => countryNames.includes(lower(text).replace(/[.,]$/, ''));
