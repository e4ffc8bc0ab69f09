/*
 * Search over name, email, company and phone that behaves the same on SQLite and PostgreSQL: the application
 * writes a lower-cased copy of the four fields into `search_text` and looks for the lower-cased term with LIKE.
 * A trigram index on each engine finds the candidate rows (SQLite FTS5, PostgreSQL pg_trgm; see the
 * migration `0090-contact-search-index`), so a search does not read every contact.
 * Lower-casing in JavaScript (not with SQL `lower()`, which SQLite applies to ASCII only) keeps "Zoë" and "ZOË"
 * equal on both engines.
 */

interface SearchableContact {
  name: string;
  email: string;
  company: string;
  phone: string;
}

const separator = '\u001f';

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The stored search text; the phone's digits are added so "030 1234" finds "+49 (30) 1234". `extra` holds a
 * scanned card's other emails and phones, added the same way.
 */
export function searchTextOf(contact: SearchableContact, extra: readonly string[] = []): string {
  const phoneDigits = digitsOf(contact.phone);
  const extraDigits = extra.filter((term) => !term.includes('@')).map(digitsOf);
  return [contact.name, contact.email, contact.company, contact.phone, phoneDigits, ...extra, ...extraDigits]
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
    .join(separator);
}

/** The name order: the name, else the email, lower-cased so "ada" and "Ada" sort together. */
export function sortNameOf(contact: { name: string; email: string }): string {
  return (contact.name.trim() || contact.email.trim()).toLowerCase();
}

/** Escapes LIKE's wildcards so a search for "50%" or "a_b" means those characters (used with ESCAPE '\'). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The substrings a search term matches with (any of them), lower-cased. A term that looks like a phone number
 * also matches by its digits alone, whatever spaces, dashes or brackets either side used.
 */
export function searchTermsOf(term: string): string[] {
  const normalised = term.trim().toLowerCase();
  if (!normalised) return [];
  const terms = [normalised];
  const digits = digitsOf(normalised);
  if (digits.length >= 3 && /^[+\d\s().\-/]+$/.test(normalised) && digits !== normalised) terms.push(digits);
  return terms;
}

/** The LIKE pattern (with ESCAPE '\') that finds `term` anywhere in the search text. */
export function likePatternOf(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** The LIKE patterns a search term matches with (any of them). */
export function searchPatternsOf(term: string): string[] {
  return searchTermsOf(term).map(likePatternOf);
}

/** The trigram index only knows substrings of three characters (code points) or more. */
export const shortestIndexedTerm = 3;

/**
 * The FTS5 query that finds every row holding any of the terms as a substring: each term as a phrase (a run of
 * consecutive trigrams), quotes doubled. Null when a term is too short for the trigram index to find.
 */
export function trigramQueryOf(terms: readonly string[]): string | null {
  if (terms.length === 0 || terms.some((term) => [...term].length < shortestIndexedTerm)) return null;
  return terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(' OR ');
}
