import { PassThrough, Readable } from 'node:stream';
import { csvByteOrderMark, csvRow } from '@cardstack/shared/contacts/csv';
import { contactKindLabels, type Contact } from '@cardstack/shared/contacts/schemas';
import { vcardContentType } from '@cardstack/shared/vcard/vcard-writer';

/*
 * The contacts export, CSV, .xlsx or one vCard file holding every contact, written while the rows are read page by page (keyset pagination), so a
 * 100 000-row export holds one page in memory, not the list. Both formats pull: the next page is read only
 * when the HTTP response has taken the previous one.
 */

export const exportFormats = ['csv', 'xlsx', 'vcf'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  vcf: vcardContentType,
};

/** The export's columns, in order, with the width the spreadsheet gives them. */
const exportColumns: readonly { header: string; width: number; value: (contact: Contact) => string }[] = [
  { header: 'Name', width: 24, value: (c) => c.name },
  { header: 'Email', width: 28, value: (c) => c.email },
  { header: 'Phone', width: 18, value: (c) => c.phone },
  { header: 'Company', width: 24, value: (c) => c.company },
  { header: 'Job title', width: 20, value: (c) => c.jobTitle },
  { header: 'Kind', width: 14, value: (c) => contactKindLabels[c.kind] },
  { header: 'Card', width: 20, value: (c) => c.cardName ?? '' },
  { header: 'Message', width: 40, value: (c) => c.message },
  { header: 'Notes', width: 40, value: (c) => c.notes },
  { header: 'Consent', width: 40, value: (c) => c.consentText ?? '' },
  { header: 'Consent given at', width: 24, value: (c) => c.consentAt ?? '' },
  { header: 'Created at', width: 24, value: (c) => c.createdAt },
  { header: 'Updated at', width: 24, value: (c) => c.updatedAt },
];

export function exportFileName(format: ExportFormat, now = new Date()): string {
  return `contacts-${now.toISOString().slice(0, 10)}.${format}`;
}

/** CSV with a byte order mark (so Excel reads UTF-8), CRLF rows, and formula-looking values neutralised. */
export function csvExportStream(pages: AsyncIterable<readonly Contact[]>): Readable {
  async function* chunks() {
    yield csvByteOrderMark + csvRow(exportColumns.map((column) => column.header));
    for await (const page of pages) {
      if (page.length > 0) yield page.map((contact) => csvRow(exportColumns.map((column) => column.value(contact)))).join('');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A writable stream of either Node's or the `readable-stream` package's making (archiver uses the latter). */
interface DrainableStream {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean };
  on(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

function needsDrain(stream: DrainableStream): boolean {
  return Boolean(stream.writableNeedDrain ?? stream._writableState?.needDrain);
}

/**
 * The stream the zip reads the worksheet from: exceljs pipes its sheet buffer into it (exceljs 4.4.0, pinned;
 * undefined if a later version changes this, and the export still works, only with less of a brake).
 */
function sheetEntryStream(sheet: unknown): DrainableStream | undefined {
  const entry = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as DrainableStream | undefined;
  return entry && typeof entry.on === 'function' ? entry : undefined;
}

/** Resolves when `stream` drains, or when the response is gone (then nobody will read the rest). */
function drained(stream: DrainableStream, output: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      output.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    output.on('close', done);
  });
}

/**
 * .xlsx through exceljs' streaming writer: each row is committed (serialised and handed to the zip) as soon
 * as it is added. Cells are written as text, never as formulas, so formula-looking values need no apostrophe
 * here and keep their exact value (a phone number "+49 …" stays as typed). The next page is read only once
 * the zip and the response have taken what was written.
 */
export function xlsxExportStream(pages: AsyncIterable<readonly Contact[]>): Readable {
  const output = new PassThrough();
  void (async () => {
    // Loaded on first use: exceljs is large and most processes never export.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Contacts');
    sheet.columns = exportColumns.map((column, index) => ({ header: column.header, key: String(index), width: column.width }));
    for await (const page of pages) {
      for (const contact of page) sheet.addRow(exportColumns.map((column) => column.value(contact))).commit();
      // exceljs hands the sheet to the zip without waiting (its buffer ignores backpressure) and the zip
      // compresses asynchronously, so rows would pile up in memory unless this loop lets the zip run and waits
      // until its entry has taken this page and the response has taken the zip's output.
      await new Promise((resolve) => setImmediate(resolve));
      const entry = sheetEntryStream(sheet);
      if (entry && needsDrain(entry) && !output.destroyed) await drained(entry, output);
      if (needsDrain(output) && !output.destroyed) await drained(output, output);
      if (output.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
