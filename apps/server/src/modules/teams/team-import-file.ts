import { createInflateRaw } from 'node:zlib';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { SaxesParser } from 'saxes';
import { isBlankRecord, mapImportHeader, maxImportRows, recordFromCells, type ImportRecord } from '@cardstack/shared/teams/import-rows';
import { badRequest } from '../../http/errors';
import { zipEntries, type ZipEntry } from '../storage/storage-module';
import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';

/*
 * Reading a bulk-import upload in bounded memory. An .xlsx file is a zip archive of XML, and a few kilobytes
 * of it can inflate to gigabytes (a "zip bomb"), or hold a million rows or columns. So the workbook is never
 * loaded whole: the parts needed (workbook, its relations, the shared strings, the first sheet) are inflated
 * as streams with a running byte count, parsed by a SAX reader as they arrive, and reading stops as soon as
 * a cap is passed. What is kept is capped too: the rows (the import's row limit), the columns of a row, the
 * length of a cell and the number of shared strings.
 */

export interface ParsedRow {
  row: number;
  record: ImportRecord;
}

export const importFileLimits = {
  /** Everything inflated from one upload, all parts together. Generous for 1,000 rows of text. */
  maxUncompressedBytes: 40 * 1024 * 1024,
  /** Columns read from each row; the template has a dozen, anything past this is ignored. */
  maxColumns: 64,
  /** Characters kept of one cell. */
  maxCellLength: 2000,
  /** Rows looked at at all, blank ones included (non-blank rows stop at the import's row limit). */
  maxSheetRows: 20 * maxImportRows,
  /** Shared strings kept: at most every cell of the rows we take. */
  maxSharedStrings: maxImportRows * 64 + 1000,
} as const;

const refusal = (message: KeyedMessage) => badRequest(message, { file: message });
const unreadable = () => refusal(keyed('importUnreadable'));
const tooManyRows = () => refusal(keyed('importTooManyRows', { max: maxImportRows }));

/** The upload's header row and records, numbered as a spreadsheet shows them; blank rows are left out. */
export async function parseImportFile(body: Buffer, fileName: string): Promise<ParsedRow[]> {
  const lower = fileName.toLowerCase();
  const collector = new RowCollector();
  if (lower.endsWith('.xlsx') || (!lower.endsWith('.csv') && isZip(body))) {
    if (!isZip(body)) throw unreadable();
    await readXlsx(body, collector);
  } else {
    if (!lower.endsWith('.csv') && !lower.endsWith('.txt')) throw refusal(keyed('importWrongType'));
    readCsv(body, collector);
  }
  return collector.finish();
}

/** Takes rows one at a time: finds the header, keeps the non-blank records, stops past the row limit. */
class RowCollector {
  private indexes: ReturnType<typeof mapImportHeader>['indexes'] | null = null;
  private readonly rows: ParsedRow[] = [];

  add(rowNumber: number, cells: readonly string[]): void {
    if (rowNumber > importFileLimits.maxSheetRows) throw tooManyRows();
    if (!this.indexes) {
      if (!cells.some((cell) => cell.trim() !== '')) return;
      const { indexes, missing } = mapImportHeader([...cells]);
      if (missing.length > 0) throw refusal(keyed('importMissingColumns', { count: missing.length, columns: missing.join(', ') }));
      this.indexes = indexes;
      return;
    }
    const record = recordFromCells(cells, this.indexes);
    if (isBlankRecord(record)) return;
    this.rows.push({ row: rowNumber, record });
    if (this.rows.length > maxImportRows) throw tooManyRows();
  }

  finish(): ParsedRow[] {
    if (!this.indexes || this.rows.length === 0) throw refusal(keyed('importEmpty'));
    return this.rows;
  }
}

function capCell(value: string): string {
  return value.length > importFileLimits.maxCellLength ? value.slice(0, importFileLimits.maxCellLength) : value;
}

function readCsv(body: Buffer, collector: RowCollector): void {
  // The upload itself is size-limited (maxImportFileBytes), so the text is too; rows are taken one by one.
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  let rowNumber = 0;
  let failure: unknown = null;
  Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    step: (result, parser) => {
      rowNumber += 1;
      try {
        collector.add(rowNumber, result.data.slice(0, importFileLimits.maxColumns).map((cell) => capCell(String(cell ?? ''))));
      } catch (error) {
        failure = error;
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
}

// ---- Zip -----------------------------------------------------------------------------------------------

function isZip(body: Buffer): boolean {
  return body.length > 4 && body.readUInt32LE(0) === 0x04034b50;
}

/** Counts what is inflated from one upload, across its parts; passing the cap ends the reading. */
class InflateBudget {
  private used = 0;
  take(bytes: number): void {
    this.used += bytes;
    if (this.used > importFileLimits.maxUncompressedBytes) throw unreadable();
  }
}

/**
 * Streams one entry's inflated text into `onText`, chunk by chunk. `onText` may throw to stop early (a cap
 * was reached); the inflater is destroyed then, so nothing more is inflated.
 */
async function streamEntry(body: Buffer, entry: ZipEntry, budget: InflateBudget, onText: (text: string) => void): Promise<void> {
  const local = entry.localHeaderOffset;
  if (local + 30 > body.length || body.readUInt32LE(local) !== 0x04034b50) throw unreadable();
  const start = local + 30 + body.readUInt16LE(local + 26) + body.readUInt16LE(local + 28);
  const end = start + entry.compressedSize;
  if (end > body.length) throw unreadable();
  const compressed = body.subarray(start, end);
  if (entry.method !== 0 && entry.method !== 8) throw unreadable();
  const source = Readable.from([compressed]);
  const stream = entry.method === 8 ? source.pipe(createInflateRaw({ chunkSize: 64 * 1024 })) : source;
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.take(chunk.length);
      onText(decoder.decode(chunk, { stream: true }));
    }
    onText(decoder.decode());
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw unreadable();
  } finally {
    source.destroy();
    stream.destroy();
  }
}

/** Parses one XML entry with a SAX reader fed as the entry inflates. */
async function parseEntry(body: Buffer, entry: ZipEntry, budget: InflateBudget, setup: (parser: SaxesParser) => void): Promise<void> {
  const parser = new SaxesParser({ xmlns: false });
  let failure: unknown = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  setup(parser);
  await streamEntry(body, entry, budget, (text) => {
    if (text === '') return;
    parser.write(text);
    if (failure) throw failure;
  });
  parser.close();
  if (failure) throw (failure as { statusCode?: number }).statusCode ? failure : unreadable();
}

// ---- xlsx ----------------------------------------------------------------------------------------------

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Column index (0-based) of a cell reference such as "AB12"; null when there is none. */
function columnOf(reference: string | undefined): number | null {
  const letters = /^([A-Z]{1,3})\d+$/i.exec(reference ?? '')?.[1];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

async function firstSheetPath(body: Buffer, entries: Map<string, ZipEntry>, budget: InflateBudget): Promise<string> {
  const workbook = entries.get('xl/workbook.xml');
  const relations = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook) throw unreadable();
  let firstSheetRelation: string | null = null;
  await parseEntry(body, workbook, budget, (parser) => {
    parser.on('opentag', (tag) => {
      if (firstSheetRelation === null && localName(tag.name) === 'sheet') {
        const relation = Object.entries(tag.attributes).find(([name]) => localName(name) === 'id' && name.includes(':'));
        firstSheetRelation = relation ? String(relation[1]) : '';
      }
    });
  });
  if (firstSheetRelation === null) throw unreadable();
  let target: string | null = null;
  if (relations && firstSheetRelation !== '') {
    await parseEntry(body, relations, budget, (parser) => {
      parser.on('opentag', (tag) => {
        if (localName(tag.name) === 'Relationship' && tag.attributes.Id === firstSheetRelation) target = String(tag.attributes.Target ?? '');
      });
    });
  }
  if (!target) return 'xl/worksheets/sheet1.xml';
  const path = (target as string).replace(/^\//, '');
  return path.startsWith('xl/') ? path : `xl/${path}`;
}

async function readSharedStrings(body: Buffer, entry: ZipEntry | undefined, budget: InflateBudget): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  await parseEntry(body, entry, budget, (parser) => {
    let current: string | null = null;
    let inText = false;
    // Phonetic hints (rPh) hold text too, but not the cell's.
    let phoneticDepth = 0;
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'si') current = '';
      else if (name === 'rPh') phoneticDepth += 1;
      else if (name === 't' && phoneticDepth === 0) inText = true;
    });
    parser.on('closetag', (tag) => {
      const name = localName(tag.name);
      if (name === 't') inText = false;
      else if (name === 'rPh') phoneticDepth -= 1;
      else if (name === 'si' && current !== null) {
        if (strings.length >= importFileLimits.maxSharedStrings) throw unreadable();
        strings.push(current);
        current = null;
      }
    });
    parser.on('text', (text) => {
      if (inText && current !== null && current.length < importFileLimits.maxCellLength) current = capCell(current + text);
    });
  });
  return strings;
}

async function readXlsx(body: Buffer, collector: RowCollector): Promise<void> {
  const entries = zipEntries(body);
  if (!entries?.has('[Content_Types].xml')) throw unreadable();
  const budget = new InflateBudget();
  const sheet = entries.get(await firstSheetPath(body, entries, budget));
  if (!sheet) throw unreadable();
  const shared = await readSharedStrings(body, entries.get('xl/sharedStrings.xml'), budget);

  await parseEntry(body, sheet, budget, (parser) => {
    let rowNumber = 0;
    let cells: string[] = [];
    let cell: { column: number; type: string; value: string } | null = null;
    let inValue = false;
    let nextColumn = 0;
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'row') {
        const declared = Number(tag.attributes.r);
        rowNumber = Number.isInteger(declared) && declared > rowNumber ? declared : rowNumber + 1;
        cells = [];
        nextColumn = 0;
      } else if (name === 'c') {
        const column = columnOf(String(tag.attributes.r ?? '')) ?? nextColumn;
        nextColumn = column + 1;
        cell = { column, type: String(tag.attributes.t ?? 'n'), value: '' };
      } else if (name === 'v' || (name === 't' && cell?.type === 'inlineStr')) {
        inValue = true;
      }
    });
    parser.on('text', (text) => {
      if (inValue && cell && cell.value.length < importFileLimits.maxCellLength) cell.value = capCell(cell.value + text);
    });
    parser.on('closetag', (tag) => {
      const name = localName(tag.name);
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'c' && cell) {
        if (cell.column < importFileLimits.maxColumns) cells[cell.column] = cellText(cell, shared);
        cell = null;
      } else if (name === 'row') {
        collector.add(rowNumber, Array.from(cells, (value) => value ?? ''));
      }
    });
  });
}

function cellText(cell: { type: string; value: string }, shared: readonly string[]): string {
  switch (cell.type) {
    case 's':
      return shared[Number(cell.value)] ?? '';
    case 'b':
      return cell.value === '1' ? 'TRUE' : 'FALSE';
    default:
      return cell.value;
  }
}
