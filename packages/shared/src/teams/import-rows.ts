import { z } from 'zod';
import { emailField } from '../auth/schemas';
import { cardEditableFields } from '../cards/schemas';
import { teamRoles, type TeamRole } from './roles';
import { textFieldsOf } from '../text/text-fields';
import { keyed } from '../i18n/keyed';

/*
 * The bulk import file (Excel or CSV): one row per member with the fields of their card. The header row
 * names the columns (any order, any case); the template carries exactly these headers.
 */

export const importColumns = [
  { key: 'email', header: 'Email', isRequired: true, example: 'ada@example.com' },
  { key: 'name', header: 'Name', isRequired: true, example: 'Ada Lovelace' },
  { key: 'role', header: 'Role', isRequired: false, example: 'employee' },
  { key: 'title', header: 'Card title', isRequired: false, example: 'Work card' },
  { key: 'jobTitle', header: 'Job title', isRequired: false, example: 'Analyst' },
  { key: 'companyName', header: 'Company', isRequired: false, example: 'Analytical Engines Ltd' },
  { key: 'phone', header: 'Phone', isRequired: false, example: '+44 20 7946 0000' },
  { key: 'address', header: 'Address', isRequired: false, example: '12 St James’s Square, London' },
  { key: 'description', header: 'Description', isRequired: false, example: 'Poetical science.' },
] as const;
export type ImportColumnKey = (typeof importColumns)[number]['key'];
export type ImportRecord = Partial<Record<ImportColumnKey, string>>;

/** More rows than any Teams size holds; a larger file is refused before it is read further. */
/** The report line of a row that made a card at once (the member had already joined); the SPA counts these. */
export const importCardCreatedMessage = 'Card created for this member.';

export const maxImportRows = 1000;
export const maxImportFileBytes = 5 * 1024 * 1024;

export const importFileMessages = {
  wrongType: 'Upload an Excel (.xlsx) or CSV (.csv) file.',
  tooLarge: 'The file is larger than 5 MB.',
  empty: 'The file has no rows below its header.',
  tooManyRows: `The file has more than ${maxImportRows} rows. Split it into smaller files.`,
  unreadable: 'The file could not be read. Save it again as .xlsx or .csv and upload it again.',
  missingColumns: (headers: string[]) => `The header row lacks the column${headers.length > 1 ? 's' : ''} ${headers.join(', ')}. Download the template to see the columns.`,
} as const;

/** Maps a header row to column keys; headers are matched ignoring case and surrounding spaces. */
export function mapImportHeader(headers: readonly string[]): { indexes: Partial<Record<ImportColumnKey, number>>; missing: string[] } {
  const indexes: Partial<Record<ImportColumnKey, number>> = {};
  const normalised = headers.map((header) => header.trim().toLowerCase());
  for (const column of importColumns) {
    const index = normalised.indexOf(column.header.toLowerCase());
    if (index >= 0) indexes[column.key] = index;
  }
  const missing = importColumns.filter((column) => column.isRequired && indexes[column.key] === undefined).map((column) => column.header);
  return { indexes, missing };
}

export function recordFromCells(cells: readonly string[], indexes: Partial<Record<ImportColumnKey, number>>): ImportRecord {
  const record: ImportRecord = {};
  for (const [key, index] of Object.entries(indexes) as [ImportColumnKey, number][]) record[key] = (cells[index] ?? '').trim();
  return record;
}

export function isBlankRecord(record: ImportRecord): boolean {
  return Object.values(record).every((value) => !value || value.trim() === '');
}

const cardFields = cardEditableFields.pick({ title: true, jobTitle: true, companyName: true, phone: true, address: true, description: true });

const importRow = z.object({
  email: emailField,
  name: z.string().trim().min(1, keyed('nameRequired')).max(100, keyed('nameTooLong', { max: 100 })),
  role: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => (value === '' ? 'employee' : value))
    .pipe(z.enum(teamRoles, { message: keyed('importRoleInvalid') })),
  card: cardFields,
});

export interface ValidImportRow {
  email: string;
  name: string;
  role: TeamRole;
  card: z.output<typeof cardFields>;
}

const headerOf = (key: string) => importColumns.find((column) => column.key === key)?.header ?? key;

/**
 * One row, checked with the same rules as the invite form and the card editor. `text` puts the schemas' keyed
 * messages into the words the report is stored in (the server's `englishText`).
 */
export function validateImportRow(record: ImportRecord, text: (message: string) => string): { ok: true; value: ValidImportRow } | { ok: false; reason: string } {
  const parsed = importRow.safeParse({
    ...textFieldsOf(record, ['email', 'name', 'role']),
    card: textFieldsOf(record, ['title', 'jobTitle', 'companyName', 'phone', 'address', 'description']),
  });
  if (parsed.success) return { ok: true, value: { ...parsed.data, email: parsed.data.email.toLowerCase() } };
  // The first problem of each column: "Email is required" says enough without "Enter a valid email".
  const byColumn = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const header = headerOf(String(issue.path[issue.path.length - 1] ?? 'row'));
    if (!byColumn.has(header)) byColumn.set(header, text(issue.message));
  }
  return { ok: false, reason: [...byColumn].map(([header, message]) => `${header}: ${message}`).join('; ') };
}
