import { describe, expect, it } from 'vitest';
import { detectDownloadableFileType } from './card-file-types';

/** A minimal zip (stored, empty entries) with the given entry names. */
function makeZip(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('detectDownloadableFileType', () => {
  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'x.pdf', 'pdf', 'application/pdf'],
    ['a PDF named .txt', Buffer.from('%PDF-1.4'), 'notes.txt', 'pdf', 'application/pdf'],
    ['a PNG', png, 'a.png', 'png', 'image/png'],
    ['a JPEG', Buffer.from('ffd8ffe000104a464946', 'hex'), 'a.jpeg', 'jpg', 'image/jpeg'],
    ['a WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'a.webp', 'webp', 'image/webp'],
    ['a Word document', makeZip(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']), 'cv.docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['an Excel workbook', makeZip(['[Content_Types].xml', 'xl/workbook.xml']), 'p.xlsx', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['a PowerPoint deck', makeZip(['[Content_Types].xml', 'ppt/presentation.xml']), 'd.pptx', 'pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['text', Buffer.from('Opening hours\r\nMon–Fri 9–17\n'), 'hours.txt', 'txt', 'text/plain; charset=utf-8'],
    ['CSV', Buffer.from('name,price\nTea,2.50\n'), 'prices.CSV', 'csv', 'text/csv; charset=utf-8'],
    ['text without a name', Buffer.from('hello'), undefined, 'txt', 'text/plain; charset=utf-8'],
  ])('recognises %s', (_what, body, name, extension, contentType) => {
    expect(detectDownloadableFileType(body, name)).toMatchObject({ extension, contentType });
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'a.txt'],
    ['a Windows program named .pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]), 'invoice.pdf'],
    ['an ELF binary named .txt', Buffer.from('7f454c4602010100', 'hex'), 'readme.txt'],
    ['a plain zip named .docx', makeZip(['payload.exe']), 'cv.docx'],
    ['a zip with content types but no office part', makeZip(['[Content_Types].xml', 'evil.js']), 'x.xlsx'],
    ['a broken zip', Buffer.from('504b0304deadbeef', 'hex'), 'x.docx'],
    ['invalid UTF-8 text', Buffer.from([0x68, 0xc3, 0x28, 0x69]), 'x.txt'],
    ['text with NUL bytes', Buffer.from('abc\u0000def'), 'x.csv'],
    ['a GIF', Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0])]), 'x.gif'],
    ['a truncated zip signature', Buffer.from([0x50, 0x4b, 0x03]), 'x.txt'],
  ])('refuses %s', (_what, body, name) => {
    expect(detectDownloadableFileType(body, name)).toBeNull();
  });
});
