import { keyed, type KeyedMessage } from '@cardstack/shared/i18n/keyed';

/*
 * CSV as address books and spreadsheets write it: RFC 4180 quoting (fields in double quotes may hold the
 * delimiter, doubled quotes and line breaks), with the delimiter found in the header row (a comma; a semicolon
 * from a German Excel or Outlook; a tab). Rows arrive one at a time from a stream of text.
 */

export class CsvFileError extends Error {
  constructor(readonly keyedMessage: KeyedMessage) {
    super(keyedMessage);
  }
}

/** The delimiter the header row uses most outside quotes. */
export function delimiterOf(headerLine: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let inQuotes = false;
  for (const char of headerLine) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && char in counts) counts[char as keyof typeof counts] += 1;
  }
  return counts[';'] > counts[','] && counts[';'] >= counts['\t'] ? ';' : counts['\t'] > counts[','] ? '\t' : ',';
}

/** Each row's cells, with the line its row starts on (a quoted line break makes a row span lines). */
export async function* readCsvRows(chunks: AsyncIterable<string>): AsyncGenerator<{ line: number; cells: string[] }> {
  let delimiter: string | null = null;
  let header = '';
  let cells: string[] = [];
  let cell = '';
  let inQuotes = false;
  let afterQuote = false;
  let line = 1;
  let rowLine = 1;
  let pendingCr = false;
  let isFirstChunk = true;

  const endCell = () => {
    cells.push(cell);
    cell = '';
    afterQuote = false;
  };

  function* consume(chunk: string): Generator<{ line: number; cells: string[] }> {
    for (let index = 0; index < chunk.length; index += 1) {
      const char = chunk[index]!;
      if (pendingCr) {
        pendingCr = false;
        if (char === '\n') continue;
      }
      if (inQuotes) {
        // A quote inside quotes closes them; a quote right after ("", perhaps in the next chunk) is a literal one.
        if (char === '"') {
          inQuotes = false;
          afterQuote = true;
        } else {
          if (char === '\n' || (char === '\r' && chunk[index + 1] !== '\n')) line += 1;
          cell += char;
        }
        continue;
      }
      if (char === '"') {
        if (afterQuote) {
          cell += '"';
          inQuotes = true;
          afterQuote = false;
        } else if (cell === '') inQuotes = true;
        else cell += char;
        continue;
      }
      if (char === delimiter) {
        endCell();
        continue;
      }
      if (char === '\r' || char === '\n') {
        endCell();
        if (!(cells.length === 1 && cells[0] === '')) yield { line: rowLine, cells };
        cells = [];
        line += 1;
        rowLine = line;
        pendingCr = char === '\r';
        continue;
      }
      afterQuote = false;
      cell += char;
    }
  }

  for await (const rawChunk of chunks) {
    let chunk = rawChunk;
    if (isFirstChunk) {
      isFirstChunk = false;
      if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
    }
    if (delimiter === null) {
      // The header row decides the delimiter: wait for its end (or 64 KB of it).
      header += chunk;
      const end = header.search(/[\r\n]/);
      if (end === -1 && header.length < 64 * 1024) continue;
      delimiter = delimiterOf(end === -1 ? header : header.slice(0, end));
      chunk = header;
    }
    yield* consume(chunk);
  }
  if (delimiter === null) {
    delimiter = delimiterOf(header);
    yield* consume(header);
  }
  if (inQuotes) throw new CsvFileError(keyed('importQuoteNotClosed', { line: rowLine }));
  if (cell !== '' || cells.length > 0) {
    endCell();
    yield { line: rowLine, cells };
  }
}
