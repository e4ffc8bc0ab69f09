/*
 * CSV as RFC 4180 writes it (comma separated, CRLF row ends, fields quoted when they hold a comma, a quote or a
 * line break, quotes doubled), plus protection against CSV injection (decision 0051): a spreadsheet runs a cell
 * that starts with `=`, `+`, `-` or `@` as a formula, and a tab or carriage return can hide such a start. A
 * value starting with `=`, `@`, tab or CR gets a leading apostrophe, and so does one starting with `+` or `-`
 * unless the rest is only digits, spaces and `( ) . / -`: a phone number such as `+49 30 1234` stays exactly as
 * typed, so address books re-import it, and at worst a spreadsheet computes it as arithmetic, which can call no
 * function and reach nothing outside the sheet.
 */

const formulaStart = /^[=@\t\r]/;
const signedNumberLike = /^[+-][\d ()./-]*$/;
const needsQuotes = /[",\r\n]/;

/** Prefixes a value a spreadsheet would run as a formula with an apostrophe; other values are unchanged. */
export function neutraliseFormula(value: string): string {
  const isFormula = formulaStart.test(value) || ((value.startsWith('+') || value.startsWith('-')) && !signedNumberLike.test(value));
  return isFormula ? `'${value}` : value;
}

/** One field, neutralised and quoted as needed. */
export function csvField(value: string | null | undefined): string {
  const safe = neutraliseFormula(value ?? '');
  return needsQuotes.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row, ending with CRLF. */
export function csvRow(values: readonly (string | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A UTF-8 byte order mark: without it Excel reads a CSV file as the system code page and garbles accents. */
export const csvByteOrderMark = '\uFEFF';
