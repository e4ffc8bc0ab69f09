import { Readable } from 'node:stream';
import { englishText } from '@cardstack/shared/i18n/keyed-text';
import { describe, expect, it } from 'vitest';
import { contactOfRow, mappingOfHeader } from './csv-contacts';
import { readCsvRows } from './csv-reader';
import { openImportFile, UnreadableFileError } from './import-file';
import { emptyImportedContact, type ImportedContact, type ImportRecord } from './imported-contact';
import { decodeChunks, linesOf, NotUtf8Error, sniffEncoding } from './text-decoding';

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let index = 0; index < text.length; index += size) yield text.slice(index, index + size);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** The records of a file given as bytes, read in small chunks (so every boundary case is crossed). */
async function recordsOf(bytes: Uint8Array, chunkSize = 7): Promise<{ format: string; encoding: string; records: ImportRecord[] }> {
  const open = async () => Readable.from((function* () {
    for (let index = 0; index < bytes.length; index += chunkSize) yield Buffer.from(bytes.subarray(index, index + chunkSize));
  })());
  try {
    const { shape, records } = await openImportFile(open);
    return { format: shape.format, encoding: shape.encoding, records: await collect(records) };
  } catch (error) {
    if (!(error instanceof NotUtf8Error)) throw error;
    const { shape, records } = await openImportFile(open, { encoding: 'windows-1252' });
    return { format: shape.format, encoding: shape.encoding, records: await collect(records) };
  }
}

const contactsOf = (records: ImportRecord[]) => records.map((record) => ('contact' in record ? record.contact : englishText(record.refusal)));
const utf8 = (text: string) => new TextEncoder().encode(text);

const person = (fields: Partial<ImportedContact>): ImportedContact => ({ ...emptyImportedContact(), ...fields });

describe('vCard files', () => {
  it('reads vCard 3.0 as iCloud and Google write it: folded lines, escapes, groups, several cards', async () => {
    const file = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'PRODID:-//Apple Inc.//iPhone OS 17.0//EN',
      'N:Lovelace;Ada;Augusta;;',
      'FN:Ada Lovelace',
      'ORG:Analytical Engines\\, Ltd.;Research',
      'TITLE:Chief Mathematician',
      'item1.EMAIL;type=INTERNET;type=pref:ada@example.com',
      'EMAIL;type=INTERNET;type=WORK:ada.work@example.com',
      'TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0958',
      'item2.URL;type=pref:https://ada.example',
      'ADR;type=WORK:;;12 St James\'s Square;London;;SW1Y 4JH;United Kingdom',
      'NOTE:Met at the fair\\nsecond line\\; with a semicolon and a very long note that is folded by the wri',
      ' ter at seventy-five octets',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Hopper;Grace;;;',
      'EMAIL:grace@example.com',
      'END:VCARD',
      '',
    ].join('\r\n');
    const { format, records } = await recordsOf(utf8(file));
    expect(format).toBe('vcard');
    expect(records.map((record) => record.line)).toEqual([1, 16]);
    expect(contactsOf(records)).toEqual([
      person({
        name: 'Ada Lovelace',
        company: 'Analytical Engines, Ltd., Research',
        jobTitle: 'Chief Mathematician',
        emails: ['ada@example.com', 'ada.work@example.com'],
        phones: ['+44 20 7946 0958'],
        websites: ['https://ada.example'],
        address: "12 St James's Square, SW1Y 4JH London, United Kingdom",
        notes: 'Met at the fair\nsecond line; with a semicolon and a very long note that is folded by the writer at seventy-five octets',
      }),
      person({ name: 'Grace Hopper', emails: ['grace@example.com'] }),
    ]);
  });

  it('reads vCard 2.1 as Outlook and older Android write it: bare types, quoted-printable in a charset, base64 photo', async () => {
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).toString('base64');
    const file = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;',
      'FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:J=FCrgen M=FCller',
      'TEL;WORK;VOICE:+49 30 1234567',
      'TEL;CELL:0170 1234567',
      'EMAIL;PREF;INTERNET:juergen@example.de',
      'NOTE;ENCODING=QUOTED-PRINTABLE:Erste Zeile=0D=0A=',
      'zweite Zeile',
      `PHOTO;JPEG;ENCODING=BASE64:${photo.slice(0, 8)}`,
      ` ${photo.slice(8)}`,
      '',
      'END:VCARD',
    ].join('\r\n');
    const { records } = await recordsOf(utf8(file));
    const [contact] = contactsOf(records) as ImportedContact[];
    expect(contact).toMatchObject({
      name: 'Jürgen Müller',
      phones: ['+49 30 1234567', '0170 1234567'],
      emails: ['juergen@example.de'],
      notes: 'Erste Zeile\r\nzweite Zeile',
    });
    expect(Buffer.from(contact!.photo!).toString('base64')).toBe(photo);
  });

  it('reads vCard 4.0: a data: URI photo, tel: and mailto: values, VALUE=uri', async () => {
    const file = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Zoë Ångström',
      'TEL;VALUE=uri;TYPE="voice,cell":tel:+33-1-23-45-67-89',
      'EMAIL;TYPE=work:zoe@example.fr',
      'PHOTO:data:image/png;base64,iVBORw0KGgo=',
      'END:VCARD',
    ].join('\n');
    const [contact] = contactsOf((await recordsOf(utf8(file))).records) as ImportedContact[];
    expect(contact).toMatchObject({ name: 'Zoë Ångström', phones: ['+33-1-23-45-67-89'], emails: ['zoe@example.fr'] });
    expect(Buffer.from(contact!.photo!).toString('base64')).toBe('iVBORw0KGgo=');
  });

  it('refuses a card that cannot be read and keeps the others', async () => {
    const file = ['BEGIN:VCARD', 'FN:One', 'END:VCARD', 'BEGIN:VCARD', 'FN:Two', 'BEGIN:VCARD', 'FN:Three', 'END:VCARD'].join('\n');
    const { records } = await recordsOf(utf8(file));
    expect(records).toEqual([
      { line: 1, contact: person({ name: 'One' }) },
      { line: 4, refusal: '§importCardNotEnded' },
      { line: 6, contact: person({ name: 'Three' }) },
    ]);
  });

  it.each([
    ['a file that ends inside a card', 'BEGIN:VCARD\nFN:One\nEND:VCARD\nBEGIN:VCARD\nFN:Two\n', 'The file ends inside the card that begins on line 4 (no END:VCARD).'],
    ['an empty file', '', 'The file is empty.'],
    ['a binary file', '\u0000\u0001PNG\u0000', 'This is not a text file: choose a .vcf or a .csv file.'],
    ['one line of text', 'hello', 'This is neither a vCard file nor a CSV file with a header row.'],
  ])('does not read %s at all', async (_case, text, message) => {
    const failure = await recordsOf(utf8(text)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnreadableFileError);
    expect(englishText((failure as UnreadableFileError).keyedMessage)).toBe(message);
  });
});

describe('encodings', () => {
  const csv = 'Name,Email\r\nJürgen Müller,juergen@example.de\r\n';

  it.each([
    ['UTF-8 without a byte order mark', utf8(csv), 'utf-8'],
    ['UTF-8 with a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]), 'utf-8'],
    ['UTF-16LE with a byte order mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]), 'utf-16le'],
    ['UTF-16LE without one', Buffer.from(csv, 'utf16le'), 'utf-16le'],
    ['Windows-1252', Buffer.from(csv, 'latin1'), 'windows-1252'],
  ])('reads %s', async (_case, bytes, encoding) => {
    const result = await recordsOf(bytes, 5);
    expect(result.encoding).toBe(encoding);
    expect(contactsOf(result.records)).toEqual([person({ name: 'Jürgen Müller', emails: ['juergen@example.de'] })]);
  });

  it('finds the encoding from the first bytes', () => {
    expect(sniffEncoding(Buffer.from([0xfe, 0xff, 0, 65]))).toBe('utf-16be');
    expect(sniffEncoding(Buffer.from('plain'))).toBe('utf-8');
  });

  it('says so when bytes are not UTF-8, so the file is read again as Windows-1252', async () => {
    await expect(collect(decodeChunks(Readable.from([Buffer.from('M\xfcller', 'latin1')]), 'utf-8'))).rejects.toBeInstanceOf(NotUtf8Error);
  });

  it('numbers lines ended by CRLF, LF or CR, a CRLF split between chunks too', async () => {
    const lines = await collect(linesOf(chunksOf('a\r\nb\nc\rd\r', 1)));
    expect(lines).toEqual([
      { number: 1, text: 'a' },
      { number: 2, text: 'b' },
      { number: 3, text: 'c' },
      { number: 4, text: 'd' },
    ]);
  });
});

describe('CSV', () => {
  it.each([1, 2, 3, 100])('reads quotes, doubled quotes and line breaks in cells, in chunks of %d', async (size) => {
    const text = 'Name;Notes;Phone\r\n"Doe; Jane";"She said ""hi""\nand left";+49 30 1234\r\n\r\nBob;;\n';
    const rows = await collect(readCsvRows(chunksOf(text, size)));
    expect(rows).toEqual([
      { line: 1, cells: ['Name', 'Notes', 'Phone'] },
      { line: 2, cells: ['Doe; Jane', 'She said "hi"\nand left', '+49 30 1234'] },
      { line: 5, cells: ['Bob', '', ''] },
    ]);
  });

  it('finds a tab as the delimiter', async () => {
    expect(await collect(readCsvRows(chunksOf('a\tb\n1\t2', 4)))).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
  });

  it('does not read a file whose quoted cell never closes', async () => {
    const failure = await recordsOf(utf8('Name,Email\n"Ada,ada@example.com\n')).catch((error: unknown) => error);
    expect(englishText((failure as UnreadableFileError).keyedMessage)).toBe('A quoted field that starts on line 2 is never closed.');
  });

  it('maps Google Contacts’ export, current headers and older ones, with " ::: " lists', async () => {
    const header = ['First Name', 'Middle Name', 'Last Name', 'Organization Name', 'Organization Title', 'Notes', 'E-mail 1 - Label', 'E-mail 1 - Value', 'Phone 1 - Label', 'Phone 1 - Value', 'Website 1 - Value'];
    const { format, mapping } = mappingOfHeader(header);
    expect(format).toBe('google-csv');
    expect(contactOfRow(['Ada', '', 'Lovelace', 'Engines', 'CTO', 'hi', '* Work', 'a@example.com ::: b@example.com', 'Mobile', '+44 20 7946 0958', 'https://ada.example'], mapping)).toEqual(
      person({ name: 'Ada Lovelace', company: 'Engines', jobTitle: 'CTO', notes: 'hi', emails: ['a@example.com', 'b@example.com'], phones: ['+44 20 7946 0958'], websites: ['https://ada.example'] }),
    );
    const older = mappingOfHeader(['Name', 'Given Name', 'Family Name', 'E-mail 1 - Type', 'E-mail 1 - Value', 'Organization 1 - Name', 'Organization 1 - Title']);
    expect(older.format).toBe('google-csv');
    expect(contactOfRow(['Grace Hopper', 'Grace', 'Hopper', '* Home', 'grace@example.com', 'Navy', 'Rear Admiral'], older.mapping)).toEqual(
      person({ name: 'Grace Hopper', emails: ['grace@example.com'], company: 'Navy', jobTitle: 'Rear Admiral' }),
    );
  });

  it.each([
    [
      'English',
      ['Title', 'First Name', 'Middle Name', 'Last Name', 'Suffix', 'Company', 'Department', 'Job Title', 'Business Phone', 'Mobile Phone', 'E-mail Address', 'E-mail 2 Address', 'Notes'],
      ['Dr.', 'Ada', '', 'Lovelace', '', 'Engines', 'R&D', 'CTO', '+44 20 7946 0958', '+44 7700 900123', 'ada@example.com', 'ada2@example.com', 'note'],
    ],
    [
      'German',
      ['Anrede', 'Vorname', 'Weitere Vornamen', 'Nachname', 'Suffix', 'Firma', 'Abteilung', 'Position', 'Telefon geschäftlich', 'Mobiltelefon', 'E-Mail-Adresse', 'E-Mail 2: Adresse', 'Notizen'],
      ['Dr.', 'Ada', '', 'Lovelace', '', 'Engines', 'R&D', 'CTO', '+44 20 7946 0958', '+44 7700 900123', 'ada@example.com', 'ada2@example.com', 'note'],
    ],
  ])('maps Outlook’s export with %s headers (its "Title" is the form of address)', (_language, header, row) => {
    const { format, mapping } = mappingOfHeader(header);
    expect(format).toBe('outlook-csv');
    expect(contactOfRow(row, mapping)).toEqual(
      person({ name: 'Ada Lovelace', company: 'Engines', jobTitle: 'CTO', phones: ['+44 20 7946 0958', '+44 7700 900123'], emails: ['ada@example.com', 'ada2@example.com'], notes: 'note' }),
    );
  });

  it('guesses the columns of any other CSV, which the person may change', () => {
    expect(mappingOfHeader(['Full name', 'E-mail', 'Mobile', 'Organisation', 'Favourite colour'])).toEqual({
      format: 'csv',
      mapping: ['name', 'email', 'phone', 'company', 'ignore'],
    });
  });
});
