import type { DownloadableFileKind } from '@cardstack/shared/cards/files';
import { contentTypeFor } from '../storage/storage-module';

interface DetectedFileType {
  kind: DownloadableFileKind;
  extension: string;
  contentType: string;
}

const officeKinds: { kind: DownloadableFileKind; mainPart: string }[] = [
  { kind: 'docx', mainPart: 'word/document.xml' },
  { kind: 'xlsx', mainPart: 'xl/workbook.xml' },
  { kind: 'pptx', mainPart: 'ppt/presentation.xml' },
];

function detected(kind: DownloadableFileKind): DetectedFileType {
  const extension = kind === 'jpeg' ? 'jpg' : kind;
  return { kind, extension, contentType: contentTypeFor(`x.${extension}`) };
}

/**
 * Decides what an uploaded file is from its bytes. The name is consulted only to tell CSV from plain text,
 * which no signature can. Returns null for anything outside the allow-list (executables, HTML, SVG, plain
 * zip archives, …).
 */
export function detectDownloadableFileType(body: Buffer, originalName?: string): DetectedFileType | null {
  if (body.length === 0) return null;
  if (startsWith(body, '%PDF-')) return detected('pdf');
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return detected('png');
  if (body.length >= 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return detected('jpeg');
  if (startsWith(body, 'RIFF') && body.subarray(8, 12).toString('latin1') === 'WEBP') return detected('webp');
  if (body.length >= 4 && body.readUInt32LE(0) === 0x04034b50) {
    const names = zipEntryNames(body);
    if (!names?.includes('[Content_Types].xml')) return null;
    const office = officeKinds.find((candidate) => names.includes(candidate.mainPart));
    return office ? detected(office.kind) : null;
  }
  if (isPlainText(body)) return detected(/\.csv$/i.test(originalName ?? '') ? 'csv' : 'txt');
  return null;
}

function startsWith(body: Buffer, signature: string): boolean {
  return body.subarray(0, signature.length).toString('latin1') === signature;
}

/** UTF-8 text without NUL bytes or other control characters than tab, line breaks and form feed. */
function isPlainText(body: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/** The entry names of a zip archive from its central directory, or null when it is not a readable zip. */
function zipEntryNames(body: Buffer): string[] | null {
  const endRecordSize = 22;
  if (body.length < endRecordSize) return null;
  let end = -1;
  for (let offset = body.length - endRecordSize; offset >= Math.max(0, body.length - endRecordSize - 0xffff); offset -= 1) {
    if (body.readUInt32LE(offset) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;
  const count = body.readUInt16LE(end + 10);
  let offset = body.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let entry = 0; entry < count; entry += 1) {
    if (offset + 46 > body.length || body.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = body.readUInt16LE(offset + 28);
    const extraLength = body.readUInt16LE(offset + 30);
    const commentLength = body.readUInt16LE(offset + 32);
    names.push(body.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
