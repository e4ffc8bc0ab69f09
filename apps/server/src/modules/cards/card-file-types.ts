import type { DownloadableFileKind } from '@cardstack/shared/cards/files';
import { contentTypeFor, zipEntries } from '../storage/storage-module';

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
    const entries = zipEntries(body);
    if (!entries?.has('[Content_Types].xml')) return null;
    const names = [...entries.keys()];
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
