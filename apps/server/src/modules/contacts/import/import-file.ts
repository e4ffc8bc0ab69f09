import type { Readable } from 'node:stream';
import type { ColumnMapping, ContactImportFormat } from '@cardstack/shared/contacts/import';
import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';
import { contactOfRow, mappingOfHeader } from './csv-contacts';
import { CsvFileError, readCsvRows } from './csv-reader';
import type { ImportRecord } from './imported-contact';
import { decodeChunks, linesOf, NotUtf8Error, sniffEncoding, type ImportEncoding } from './text-decoding';
import { readVCards, VCardFileError } from './vcard-reader';

/*
 * An uploaded contacts file read from storage, as a stream of records: its encoding and format found from its
 * first bytes, a CSV's header mapped (or the mapping the person chose). Read twice: once to check it, once to
 * import it, each time from the stored file, so neither holds more than a record at a time.
 */

/** A file that cannot be read as a whole: nothing is imported from it. */
export class UnreadableFileError extends Error {
  constructor(readonly keyedMessage: KeyedMessage) {
    super(keyedMessage);
  }
}

export interface FileShape {
  format: ContactImportFormat;
  encoding: ImportEncoding;
  columns: string[];
  mapping: ColumnMapping[];
}

async function* withHead(head: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (head.length > 0) yield head;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

/** The first bytes of the stream (at least `size` unless it is shorter), and an iterator over the rest. */
async function headOf(body: Readable, size: number): Promise<{ head: Uint8Array; rest: AsyncIterator<Uint8Array> }> {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const parts: Uint8Array[] = [];
  let length = 0;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) break;
    parts.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(parts), rest: iterator };
}

function rethrowAsUnreadable(error: unknown): never {
  if (error instanceof VCardFileError || error instanceof CsvFileError) throw new UnreadableFileError(error.keyedMessage);
  throw error;
}

/**
 * Opens the stored file: its shape (what was found, or what a previous read found: `known`) and its records.
 * Reading the records may throw `NotUtf8Error` (read it again with `encoding: 'windows-1252'`) or
 * `UnreadableFileError`.
 */
export async function openImportFile(
  open: () => Promise<Readable>,
  known: { encoding?: ImportEncoding; mapping?: ColumnMapping[] } = {},
): Promise<{ shape: FileShape; records: AsyncGenerator<ImportRecord> }> {
  const { head, rest } = await headOf(await open(), 64 * 1024);
  const encoding = known.encoding ?? sniffEncoding(head);
  let headText: string;
  try {
    headText = new TextDecoder(encoding === 'utf-8' ? 'utf-8' : encoding).decode(head.subarray(0, Math.min(head.length, 8 * 1024)));
  } catch {
    headText = '';
  }
  if (head.length === 0) throw new UnreadableFileError(keyed('importFileEmpty'));
  if (head.includes(0) && encoding !== 'utf-16le' && encoding !== 'utf-16be') throw new UnreadableFileError(keyed('importNotText'));
  const chunks = decodeChunks(withHead(head, rest), encoding);

  if (/^\s*BEGIN:VCARD/im.test(headText.replace(/^\uFEFF/, '').slice(0, 4096))) {
    const records = (async function* () {
      try {
        yield* readVCards(linesOf(chunks));
      } catch (error) {
        rethrowAsUnreadable(error);
      }
    })();
    return { shape: { format: 'vcard', encoding, columns: [], mapping: [] }, records };
  }

  const rows = readCsvRows(chunks);
  let first: IteratorResult<{ line: number; cells: string[] }>;
  try {
    first = await rows.next();
  } catch (error) {
    if (error instanceof NotUtf8Error) throw error;
    rethrowAsUnreadable(error);
  }
  if (first.done || first.value.cells.length < 2) throw new UnreadableFileError(keyed('importNotVCardOrCsv'));
  const columns = first.value.cells.map((cell) => cell.trim());
  const found = mappingOfHeader(columns);
  const mapping = known.mapping && known.mapping.length === columns.length ? known.mapping : found.mapping;
  const records = (async function* (): AsyncGenerator<ImportRecord> {
    try {
      for await (const { line, cells } of rows) {
        if (cells.every((cell) => cell.trim() === '')) continue;
        yield { line, contact: contactOfRow(cells, mapping) };
      }
    } catch (error) {
      rethrowAsUnreadable(error);
    }
  })();
  return { shape: { format: found.format, encoding, columns, mapping }, records };
}
