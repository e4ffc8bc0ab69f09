/*
 * CSV as RFC 4180 writes it (comma separated, CRLF row ends, fields quoted when they hold a comma, a quote or a
 * line break, quotes doubled), plus protection against CSV injection: a spreadsheet treats a cell that starts
 * with `=`, `+`, `-` or `@` as a formula (and tab or carriage return can hide such a start), so those values
 * get a leading apostrophe and are shown as text.
 */

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** Prefixes a value a spreadsheet would run as a formula with an apostrophe; other values are unchanged. */
export function neutraliseFormula(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
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
