import { freeMailDomains, jobTitleKeywords, legalFormSuffixes, nameParticles, nameTitles, organisationWords } from './keywords';
import { emptyScannedFields, scannerLimits, type ScannedFields } from './schemas';
import { collapse, compact, countryOfHost, countryOfLocale, lower, segmentsOf, wordsOf, type OcrLine, type Segment } from './ocr-segments';
import { isAddressLine, isCountryLine, takeEmails, takeLinks, takePhones } from './contact-detail-patterns';

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

export interface ExtractOptions {
  /** The user's locale (navigator.language, e.g. "de-DE"): the country for numbers printed without +code. */
  locale?: string;
}

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
