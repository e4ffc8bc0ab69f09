import yauzl from 'yauzl';
import yazl from 'yazl';
import { checkArchiveEntries, type ArchiveLimits, type ArchiveRefusal, type DeclaredEntry } from '@cardstack/shared/account/account-archive';

/*
 * Writing and reading account archives: yazl writes one (in memory, its entries dated when it was built), yauzl reads
 * an uploaded one from its central directory. Nothing is inflated until every entry's path, the entry count, the
 * declared sizes and each entry's compression ratio are within the limits; while inflating, yauzl holds every entry to
 * its declared size and the total is counted again, so a lying directory cannot get past them either.
 */

export interface ArchiveEntry {
  path: string;
  body: Buffer;
}

/** Already-compressed files are stored as they are. */
const isCompressed = (path: string) => /\.(webp|png|jpe?g|zip|docx|xlsx|pptx|pdf)$/i.test(path);

export async function writeZip(entries: readonly ArchiveEntry[], builtAt: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.body, entry.path, { mtime: builtAt, compress: !isCompressed(entry.path) });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export type ZipReadResult = { ok: true; files: Map<string, Buffer> } | { ok: false; refusal: ArchiveRefusal | { kind: 'unreadable' } };

class Refused extends Error {
  constructor(readonly refusal: ArchiveRefusal) {
    super(refusal.kind);
  }
}

function openZip(body: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are decoded here, not by yauzl: a name it would quietly rewrite (backslashes) must be refused instead.
    yauzl.fromBuffer(body, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (error, zip) => (error || !zip ? reject(error ?? new Error('unreadable')) : resolve(zip)));
  });
}

function readEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: { left: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('unreadable entry'));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        budget.left -= chunk.length;
        if (budget.left < 0) {
          stream.destroy();
          reject(new Refused({ kind: 'too-large-uncompressed' }));
          return;
        }
        chunks.push(chunk);
      });
      stream.once('error', reject);
      stream.once('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

const nameOf = (entry: yauzl.Entry) => (entry.fileName as unknown as Buffer).toString('utf8');

/** The files of an uploaded archive, or why it is refused; nothing is inflated beyond the limits. */
export async function readZip(body: Buffer, limits: ArchiveLimits): Promise<ZipReadResult> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(body);
  } catch {
    return { ok: false, refusal: { kind: 'unreadable' } };
  }
  try {
    if (zip.entryCount > limits.maxEntries) return { ok: false, refusal: { kind: 'too-many-entries' } };
    const entries = await readEntries(zip);
    const declared: DeclaredEntry[] = entries.map((entry) => ({ name: nameOf(entry), compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize }));
    const refusal = checkArchiveEntries(declared, limits);
    if (refusal) return { ok: false, refusal };
    const files = new Map<string, Buffer>();
    const budget = { left: limits.maxTotalUncompressedBytes };
    for (const entry of entries) {
      const name = nameOf(entry);
      if (name.endsWith('/')) continue;
      files.set(name, await inflate(zip, entry, budget));
    }
    return { ok: true, files };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    return { ok: false, refusal: { kind: 'unreadable' } };
  } finally {
    zip.close();
  }
}
