import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { fieldLabels } from './keywords';
import { scannerLimits } from './schemas';

/*
 * The OCR engine's lines split into segments at printed separators (| • ·), each with the label printed before it
 * ("Tel.", "E-Mail"), and the text helpers the field extraction shares.
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

export interface Segment {
  text: string;
  /** Order on the card (line, then segment within the line). */
  order: number;
  line: number;
  height: number;
  label: string | null;
}

const segmentSeparators = /\s*[|•·▪◦∙]\s*|\s{3,}/u;

export const emailPattern = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;

export const knownTlds = new Set([
  'com', 'net', 'org', 'info', 'biz', 'io', 'co', 'dev', 'app', 'me', 'eu', 'de', 'at', 'ch', 'fr', 'es', 'it', 'nl',
  'be', 'lu', 'uk', 'ie', 'us', 'ca', 'mx', 'ar', 'cl', 'pt', 'br', 'au', 'nz', 'se', 'no', 'dk', 'fi', 'pl', 'cz',
  'tech', 'studio', 'design', 'agency', 'consulting', 'online', 'site', 'shop', 'berlin', 'paris', 'cat', 'xyz', 'ai',
]);

/** ccTLDs that are used as generic ones and say nothing about the country. */
const genericCountryTlds = new Set(['co', 'io', 'me', 'ai', 'tv', 'fm', 'ly', 'cc', 'ws', 'to', 'eu']);

export const urlPattern =
  /(?:https?:\/\/)?(?:www\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(?::\d+)?(?:\/[^\s,;]*)?/gi;

export const lower = (value: string) => value.toLocaleLowerCase('und');

export const collapse = (value: string) => value.replace(/\s+/g, ' ').trim();

export const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const wordsOf = (value: string) => lower(value).split(/[^\p{L}\p{N}&'-]+/u).filter(Boolean);

export const compact = (value: string) => lower(value).replace(/[^\p{L}\p{N}&]/gu, '');

/** "de-DE" → DE, "en" → undefined. */
export function countryOfLocale(locale: string | undefined): CountryCode | undefined {
  const region = locale?.split(/[-_]/)[1]?.toUpperCase();
  return region && isSupportedCountry(region) ? region : undefined;
}

export function countryOfHost(host: string): CountryCode | undefined {
  const tld = host.split('.').at(-1)?.toLowerCase() ?? '';
  if (genericCountryTlds.has(tld)) return undefined;
  const code = tld === 'uk' ? 'GB' : tld.toUpperCase();
  return code.length === 2 && isSupportedCountry(code) ? code : undefined;
}

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

export function segmentsOf(lines: readonly OcrLine[]): Segment[] {
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

/** Adds a value once, up to the scanner's limit for a list (emails, phones, links). */
export function pushUnique(list: string[], value: string): void {
  if (value && !list.includes(value) && list.length < scannerLimits.listItems) list.push(value);
}
