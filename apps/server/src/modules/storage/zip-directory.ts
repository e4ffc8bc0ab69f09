/*
 * What a zip archive holds, read from its central directory without inflating anything: office documents
 * (.docx/.xlsx/.pptx) are zip archives, and an upload's type and parts are decided from their entry names.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

/** The entries of a zip archive from its central directory; null when it is not a readable zip. */
export function zipEntries(body: Buffer): Map<string, ZipEntry> | null {
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
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > body.length || body.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = body.readUInt16LE(offset + 28);
    const extraLength = body.readUInt16LE(offset + 30);
    const commentLength = body.readUInt16LE(offset + 32);
    const name = body.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.set(name, {
      name,
      method: body.readUInt16LE(offset + 10),
      compressedSize: body.readUInt32LE(offset + 20),
      localHeaderOffset: body.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
