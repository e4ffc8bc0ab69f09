import { findPhoneNumbersInText, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import {
  countryNames,
  faxLabels,
  fieldLabels,
  freeMailDomains,
  jobTitleKeywords,
  legalFormSuffixes,
  nameParticles,
  nameTitles,
  organisationWords,
  socialNetworks,
  streetSuffixes,
  streetWords,
} from './keywords';
import { emptyScannedFields, scannerLimits, type ScannedFields } from './schemas';

/*
 * Turns the lines an OCR engine read from a business card into contact fields. Pure: the browser runs it on
 * tesseract's output and the tests run it on fixture cards. Lines come with their boxes when the engine gives
 * them; the name is the largest person-like text near the top, so sizes matter.
 *
 * The order: split each line into segments at printed separators (| • ·), take out what has an unambiguous
 * shape (emails, links, phone numbers), then postal address lines, and only then decide among the lines left
 * which is the company (a legal form, the email's domain, an organisation word), the job title (keywords in
 * four languages) and the name.
 */

export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrLine {
  text: string;
  /** Pixels on the prepared image; without it every line counts as the same size. */
  bbox?: OcrBox;
}

export interface ExtractOptions {
  /** The user's locale (navigator.language, e.g. "de-DE"): the country for numbers printed without +code. */
  locale?: string;
}

interface Segment {
  text: string;
  /** Order on the card (line, then segment within the line). */
  order: number;
  line: number;
  height: number;
  label: string | null;
}

const segmentSeparators = /\s*[|•·▪◦∙]\s*|\s{3,}/u;
const emailPattern = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;
const knownTlds = new Set([
  'com', 'net', 'org', 'info', 'biz', 'io', 'co', 'dev', 'app', 'me', 'eu', 'de', 'at', 'ch', 'fr', 'es', 'it', 'nl',
  'be', 'lu', 'uk', 'ie', 'us', 'ca', 'mx', 'ar', 'cl', 'pt', 'br', 'au', 'nz', 'se', 'no', 'dk', 'fi', 'pl', 'cz',
  'tech', 'studio', 'design', 'agency', 'consulting', 'online', 'site', 'shop', 'berlin', 'paris', 'cat', 'xyz', 'ai',
]);
/** ccTLDs that are used as generic ones and say nothing about the country. */
const genericCountryTlds = new Set(['co', 'io', 'me', 'ai', 'tv', 'fm', 'ly', 'cc', 'ws', 'to', 'eu']);
const urlPattern =
  /(?:https?:\/\/)?(?:www\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(?::\d+)?(?:\/[^\s,;]*)?/gi;

const lower = (value: string) => value.toLocaleLowerCase('und');
const collapse = (value: string) => value.replace(/\s+/g, ' ').trim();
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordsOf = (value: string) => lower(value).split(/[^\p{L}\p{N}&'-]+/u).filter(Boolean);
const compact = (value: string) => lower(value).replace(/[^\p{L}\p{N}&]/gu, '');

/** "de-DE" → DE, "en" → undefined. */
export function countryOfLocale(locale: string | undefined): CountryCode | undefined {
  const region = locale?.split(/[-_]/)[1]?.toUpperCase();
  return region && isSupportedCountry(region) ? region : undefined;
}

function countryOfHost(host: string): CountryCode | undefined {
  const tld = host.split('.').at(-1)?.toLowerCase() ?? '';
  if (genericCountryTlds.has(tld)) return undefined;
  const code = tld === 'uk' ? 'GB' : tld.toUpperCase();
  return code.length === 2 && isSupportedCountry(code) ? code : undefined;
}

// ---- Segments and labels ---------------------------------------------------------------------------------

const labelPattern = new RegExp(
  `^(${[...fieldLabels].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})(?:\\s*:\\s*|\\.\\s+|\\s+(?=[+(\\d@w]))`,
  'i',
);

/** Strips icons and bullets OCR reads as stray characters, and a field label ("Tel.:", "E-Mail"). */
function cleanSegment(raw: string): { text: string; label: string | null } {
  let text = collapse(raw.replace(/^[^\p{L}\p{N}+(@]+/u, '').replace(/[^\p{L}\p{N})./]+$/u, ''));
  const match = labelPattern.exec(text);
  let label: string | null = null;
  if (match?.[1]) {
    label = lower(match[1]).replace(/\.$/, '');
    text = text.slice(match[0].length).trim();
  }
  return { text, label };
}

function segmentsOf(lines: readonly OcrLine[]): Segment[] {
  const segments: Segment[] = [];
  lines.forEach((line, lineIndex) => {
    const height = line.bbox ? Math.max(0, line.bbox.y1 - line.bbox.y0) : 0;
    for (const part of line.text.split(segmentSeparators)) {
      const { text, label } = cleanSegment(part);
      if (text) segments.push({ text, order: segments.length, line: lineIndex, height, label });
    }
  });
  return segments;
}

// ---- Emails, links, phones ---------------------------------------------------------------------------------

/** OCR reads "@" with spaces around it, or cards print "(at)". */
function repairEmailText(text: string): string {
  return text
    .replace(/\s*[([]at[)\]]\s*/gi, '@')
    .replace(/([a-z0-9._-])\s+@\s*([a-z0-9-]+\.)/gi, '$1@$2')
    .replace(/([a-z0-9._-])@\s+([a-z0-9-]+\.)/gi, '$1@$2');
}

function takeEmails(segment: Segment, emails: string[]): string {
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
function takeLinks(text: string, segment: Segment, websites: string[], socialLinks: string[]): string {
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

function takePhones(text: string, segment: Segment, country: CountryCode | undefined, phones: string[]): string {
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

// ---- Address ----------------------------------------------------------------------------------------------

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

function isAddressLine(text: string): boolean {
  if (text.length > 120) return false;
  return isStreetLine(text) || postalCodeLine.some((pattern) => pattern.test(text));
}

const isCountryLine = (text: string) => countryNames.includes(lower(text).replace(/[.,]$/, ''));

// ---- Company, title, name ----------------------------------------------------------------------------------

function hasLegalForm(text: string): boolean {
  const tokens = lower(text)
    .replace(/\s*&\s*co\.?\s*(kg)?/g, ' &co$1')
    .split(/[\s,]+/)
    .map((token) => token.replace(/[.()]/g, ''))
    .filter(Boolean);
  if (tokens.length < 2) return false;
  const last = tokens.at(-1)!;
  const lastTwo = tokens.slice(-2).join('');
  return legalFormSuffixes.includes(last) || legalFormSuffixes.includes(lastTwo) || tokens.includes('&cokg') || tokens.includes('gmbh');
}

/** "S. A." and "S.L." are written with dots and spaces; the form check wants them as one token. */
function joinSpacedInitials(text: string): string {
  return text.replace(/\b([A-Z])\.\s?([A-Z])\.(?:\s?([A-Z])\.)?/g, (_m, a: string, b: string, c?: string) => `${a}.${b}.${c ? `${c}.` : ''}`);
}

function titleKeywordScore(text: string): number {
  const value = ` ${lower(text).replace(/[,.;:()/&-]/g, ' ')} `;
  let score = 0;
  for (const keyword of jobTitleKeywords) {
    if (value.includes(` ${keyword} `)) score += keyword.includes(' ') ? 2 : 1;
  }
  return score;
}

function isOrganisationLine(text: string): boolean {
  const words = wordsOf(text);
  return words.some((word) => organisationWords.includes(word));
}

const nameTokenPattern = /^(?:\p{Lu}[\p{Ll}'’]*(?:[-'’]\p{Lu}?[\p{Ll}'’]+)*\.?|\p{Lu}\.|\p{Lu}+(?:[-'’]\p{Lu}+)*)$/u;

/** Person-like: two to four capitalised words (particles and academic titles allowed), no digits. */
function nameWordsOf(text: string): string[] | null {
  if (/[\d@/:]/.test(text) || text.length > 60) return null;
  const tokens = text.replace(/,.*$/, '').split(/\s+/).filter(Boolean);
  const words = tokens.filter((token) => !nameTitles.includes(lower(token)));
  if (words.length < 2 || words.length > 4) return null;
  let capitalised = 0;
  for (const word of words) {
    if (nameParticles.includes(word)) continue;
    if (!nameTokenPattern.test(word)) return null;
    capitalised += 1;
  }
  return capitalised >= 2 ? words : null;
}

function titleCase(word: string): string {
  return word
    .split(/([-'’])/)
    .map((part) => (part.length > 1 ? part[0]! + lower(part.slice(1)) : part))
    .join('');
}

/** "JANE DOE" → "Jane Doe"; mixed case is kept as printed. */
function displayName(text: string): string {
  const cleaned = collapse(text.replace(/,.*$/, ''));
  return cleaned === cleaned.toUpperCase() ? cleaned.split(' ').map((word) => (nameParticles.includes(lower(word)) ? lower(word) : titleCase(word))).join(' ') : cleaned;
}

function domainLabelOf(email: string): string | null {
  const host = email.split('@')[1] ?? '';
  const parts = host.split('.');
  const label = parts.length >= 3 && ['co', 'com'].includes(parts.at(-2) ?? '') ? parts.at(-3) : parts.at(-2);
  return label && !freeMailDomains.includes(label) ? label : null;
}

function matchesDomain(text: string, domainLabel: string): boolean {
  const letters = compact(text);
  const label = domainLabel.replace(/-/g, '');
  if (label.length < 3 || letters.length < 3) return false;
  if (letters.includes(label) || (letters.length >= 4 && label.includes(letters))) return true;
  // "Bäckerei Müller" for baeckerei-mueller.de.
  const ascii = letters.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
  return ascii.includes(label);
}

/** How much a name candidate looks like the email's local part (jane.doe@, jdoe@, jane@). */
function localPartScore(words: readonly string[], emails: readonly string[]): number {
  let best = 0;
  for (const email of emails) {
    const local = compact(email.split('@')[0] ?? '');
    const ascii = (word: string) => compact(word).normalize('NFD').replace(/\p{M}/gu, '');
    const hits = words.filter((word) => ascii(word).length >= 2 && local.includes(ascii(word))).length;
    best = Math.max(best, hits);
  }
  return best;
}

function pushUnique(list: string[], value: string): void {
  if (value && !list.includes(value) && list.length < scannerLimits.listItems) list.push(value);
}

function companyFromDomain(label: string): string {
  return label
    .split('-')
    .map((part) => (part ? part[0]!.toUpperCase() + part.slice(1) : part))
    .join(' ');
}

/** The contact fields of one card's OCR lines. */
export function extractCardFields(lines: readonly OcrLine[], options: ExtractOptions = {}): ScannedFields {
  const fields: ScannedFields = { ...emptyScannedFields, emails: [], phones: [], websites: [], socialLinks: [] };
  const segments = segmentsOf(lines);

  // Emails and links first: their domains tell the country and the company.
  const rest = new Map<Segment, string>();
  for (const segment of segments) {
    const afterEmails = takeEmails(segment, fields.emails);
    rest.set(segment, collapse(takeLinks(collapse(afterEmails), segment, fields.websites, fields.socialLinks)));
  }
  const hosts = [...fields.emails.map((email) => email.split('@')[1] ?? ''), ...fields.websites.map((url) => new URL(url).hostname)];
  const country = hosts.map(countryOfHost).find(Boolean) ?? countryOfLocale(options.locale);

  const remaining: Segment[] = [];
  const addressParts: Segment[] = [];
  for (const segment of segments) {
    let text = rest.get(segment) ?? '';
    if (text) text = collapse(takePhones(text, segment, country, fields.phones));
    text = text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.)]+$/gu, '');
    if (!text || (segment.label !== null && !/\p{L}{2,}/u.test(text))) continue;
    if (isAddressLine(text)) addressParts.push({ ...segment, text });
    else remaining.push({ ...segment, text });
  }

  // A country name belongs to the address when it follows one.
  const lastAddressLine = addressParts.at(-1)?.line;
  for (const segment of [...remaining]) {
    if (isCountryLine(segment.text) && lastAddressLine !== undefined && segment.line - lastAddressLine <= 1) {
      addressParts.push(segment);
      remaining.splice(remaining.indexOf(segment), 1);
    }
  }
  fields.address = addressParts
    .sort((a, b) => a.order - b.order)
    .map((segment) => segment.text.replace(/,$/, ''))
    .join(', ')
    .slice(0, scannerLimits.address);

  // Company: a legal form, else the email's domain, else an organisation word.
  const domainLabel = fields.emails.map(domainLabelOf).find(Boolean) ?? null;
  const candidates = remaining.filter((segment) => segment.text.length <= 100);
  const company =
    candidates.find((segment) => hasLegalForm(joinSpacedInitials(segment.text))) ??
    (domainLabel
      ? candidates.find((segment) => matchesDomain(segment.text, domainLabel) && (titleKeywordScore(segment.text) === 0 || isOrganisationLine(segment.text)))
      : undefined) ??
    candidates.find((segment) => isOrganisationLine(segment.text) && titleKeywordScore(segment.text) === 0 && !nameWordsOf(segment.text));
  fields.company = company ? joinSpacedInitials(company.text) : domainLabel ? companyFromDomain(domainLabel) : '';

  // Name: the largest person-like line near the top that is not the company and carries no job title word.
  const maxHeight = Math.max(1, ...candidates.map((segment) => segment.height));
  const people = candidates
    .filter((segment) => segment !== company)
    .map((segment) => ({ segment, words: nameWordsOf(segment.text) }))
    .filter((candidate): candidate is { segment: Segment; words: string[] } => candidate.words !== null && titleKeywordScore(candidate.segment.text) === 0)
    .map(({ segment, words }) => ({
      segment,
      score: (segment.height / maxHeight) * 2 + (1 - segment.order / Math.max(1, segments.length)) + localPartScore(words, fields.emails) * 1.5,
    }))
    .sort((a, b) => b.score - a.score);
  const name = people[0]?.segment;
  fields.name = name ? displayName(name.text) : '';

  // Job title: keyword lines, the one nearest below the name first; a second line of it joins ("Head of Sales, EMEA" is one).
  const titles = candidates
    .filter((segment) => segment !== company && segment !== name && titleKeywordScore(segment.text) > 0)
    .sort((a, b) => distanceFrom(name, a) - distanceFrom(name, b));
  const nameComma = name?.text.includes(',') ? collapse(name.text.split(',').slice(1).join(',')) : '';
  fields.jobTitle = titles[0]?.text ?? (nameComma && titleKeywordScore(nameComma) > 0 ? nameComma : '');
  if (!fields.jobTitle) {
    // A title the word lists miss still sits right under the name, in a smaller size, and is not a company.
    const next = candidates.find((segment) => name && segment.line === name.line + 1 && segment !== company && segment.height < name.height);
    if (next && !nameWordsOf(next.text)) fields.jobTitle = next.text;
  }
  return fields;
}

function distanceFrom(anchor: Segment | undefined, segment: Segment): number {
  if (!anchor) return segment.order;
  const distance = segment.order - anchor.order;
  // Below the name is where titles sit; above it counts a little more.
  return distance > 0 ? distance : Math.abs(distance) + 1.5;
}
