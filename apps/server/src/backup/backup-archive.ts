import crypto from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/*
 * The backup archive's encrypted container (docs/backups.md, "The archive format"; decision 0042). An archive
 * holds the database, the uploaded files and the generated secrets, so it is unreadable without the passphrase
 * and any change to it is found:
 *
 *   header   "CARDSBAK" · version (1 byte) · scrypt log2 N, r, p (1 byte each) · salt (16) · nonce prefix (7)
 *            · key check (16: the AES-256-GCM tag of nothing, so a wrong passphrase is told apart at once)
 *   chunks   ciphertext length (4, big-endian) · ciphertext (at most 64 KiB) · GCM tag (16)
 *
 * The key is scrypt(passphrase, salt). Each chunk is sealed on its own (so neither side holds more than a chunk),
 * with the header as additional data and the nonce prefix · chunk number (4) · last-chunk flag (1) as its nonce:
 * chunks cannot be reordered, dropped, cut off at the end or moved between archives without the tag failing.
 */

export const archiveMagic = Buffer.from('CARDSBAK', 'ascii');
const formatVersion = 1;
const chunkSize = 64 * 1024;
const tagLength = 16;
const headerLength = 8 + 1 + 3 + 16 + 7 + tagLength;
/** scrypt's cost: 2^17 × 8 × 128 bytes = 128 MiB and a fraction of a second, per backup or restore. */
const defaultCost = { log2N: 17, r: 8, p: 1 };
const keyCheckCounter = 0xffffffff;

/** A backup that cannot be written or read; its message is meant for the operator as it is. */
export class BackupError extends Error {}

async function deriveKey(passphrase: string, salt: Buffer, cost: { log2N: number; r: number; p: number }): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  return new Promise((resolve, reject) => {
    crypto.scrypt(passphrase.normalize('NFC'), salt, 32, { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(new BackupError(`cannot derive the key: ${error.message}`)) : resolve(key),
    );
  });
}

function nonceOf(prefix: Buffer, counter: number, flag: number): Buffer {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(counter, 7);
  nonce[11] = flag;
  return nonce;
}

function seal(key: Buffer, header: Buffer, nonce: Buffer, plaintext: Buffer): { ciphertext: Buffer; tag: Buffer } {
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce, { authTagLength: tagLength });
  cipher.setAAD(header);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { ciphertext, tag: cipher.getAuthTag() };
}

/** Opens a sealed chunk, or answers null when its tag does not match (a wrong key, or changed bytes). */
function open(key: Buffer, header: Buffer, nonce: Buffer, ciphertext: Buffer, tag: Buffer): Buffer | null {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: tagLength });
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    return null;
  }
}

/** A Transform from the archive's plain content to the encrypted container. */
export async function createEncryptor(passphrase: string, cost = defaultCost): Promise<Transform> {
  const salt = crypto.randomBytes(16);
  const prefix = crypto.randomBytes(7);
  const key = await deriveKey(passphrase, salt, cost);
  const start = Buffer.concat([archiveMagic, Buffer.from([formatVersion, cost.log2N, cost.r, cost.p]), salt, prefix]);
  const header = Buffer.concat([start, seal(key, start, nonceOf(prefix, keyCheckCounter, 2), Buffer.alloc(0)).tag]);
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let counter = 0;
  const sealed = (plaintext: Buffer, isLast: boolean) => {
    const { ciphertext, tag } = seal(key, header, nonceOf(prefix, counter++, isLast ? 1 : 0), plaintext);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(ciphertext.length);
    return Buffer.concat([length, ciphertext, tag]);
  };
  let isHeaderWritten = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!isHeaderWritten) {
        this.push(header);
        isHeaderWritten = true;
      }
      pending.push(chunk);
      pendingLength += chunk.length;
      // Strictly more than a chunk: what is left at the end (up to a whole chunk) is sealed as the last one.
      if (pendingLength > chunkSize) {
        let all = Buffer.concat(pending);
        while (all.length > chunkSize) {
          this.push(sealed(all.subarray(0, chunkSize), false));
          all = all.subarray(chunkSize);
        }
        pending = [all];
        pendingLength = all.length;
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (!isHeaderWritten) this.push(header);
      this.push(sealed(Buffer.concat(pending), true));
      callback();
    },
  });
}

/** Reads exact byte counts from a stream of buffers. */
export class ByteReader {
  private buffered: Buffer = Buffer.alloc(0);
  private readonly iterator: AsyncIterator<Buffer>;
  private isDone = false;
  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(length: number): Promise<void> {
    const parts = [this.buffered];
    let total = this.buffered.length;
    while (total < length && !this.isDone) {
      const next = await this.iterator.next();
      if (next.done) this.isDone = true;
      else {
        parts.push(next.value);
        total += next.value.length;
      }
    }
    this.buffered = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** Exactly `length` bytes; null when the stream ends first (what was there is kept for `remaining`). */
  async read(length: number): Promise<Buffer | null> {
    if (this.buffered.length < length) await this.fill(length);
    if (this.buffered.length < length) return null;
    const taken = this.buffered.subarray(0, length);
    this.buffered = this.buffered.subarray(length);
    return taken;
  }

  /** Whether nothing is left. */
  async isAtEnd(): Promise<boolean> {
    await this.fill(1);
    return this.buffered.length === 0;
  }
}

const damaged = (what: string) => new BackupError(`The archive is damaged or was changed (${what}); nothing was restored.`);

/** The plain content of an encrypted archive, chunk by chunk; each is yielded only after its tag matched. */
export async function* decryptArchive(source: AsyncIterable<Buffer>, passphrase: string): AsyncGenerator<Buffer> {
  const reader = new ByteReader(source);
  const header = await reader.read(headerLength);
  if (!header || !header.subarray(0, 8).equals(archiveMagic)) throw new BackupError('This is not a backup archive of this application (its first bytes are not CARDSBAK).');
  if (header[8] !== formatVersion) throw new BackupError(`The archive has format version ${header[8]}; this version reads version ${formatVersion}. Restore it with the version that wrote it.`);
  const cost = { log2N: header[9]!, r: header[10]!, p: header[11]! };
  if (cost.log2N < 10 || cost.log2N > 22 || cost.r < 1 || cost.r > 32 || cost.p < 1 || cost.p > 16) throw damaged('its key parameters are out of range');
  const salt = header.subarray(12, 28);
  const prefix = header.subarray(28, 35);
  const start = header.subarray(0, 35);
  const key = await deriveKey(passphrase, salt, cost);
  if (!open(key, start, nonceOf(prefix, keyCheckCounter, 2), Buffer.alloc(0), header.subarray(35))) {
    throw new BackupError('Wrong passphrase: the archive cannot be opened with it (or its header was changed); nothing was restored.');
  }
  for (let counter = 0; ; counter++) {
    const lengthBytes = await reader.read(4);
    if (!lengthBytes) throw damaged('it ends before its last chunk: cut off');
    const length = lengthBytes.readUInt32BE();
    if (length > chunkSize) throw damaged(`chunk ${counter} claims ${length} bytes`);
    const body = await reader.read(length + tagLength);
    if (!body) throw damaged('it ends inside a chunk: cut off');
    const ciphertext = body.subarray(0, length);
    const tag = body.subarray(length);
    const plain = open(key, header, nonceOf(prefix, counter, 0), ciphertext, tag);
    if (plain) {
      yield plain;
      continue;
    }
    const last = open(key, header, nonceOf(prefix, counter, 1), ciphertext, tag);
    if (!last) throw damaged(`chunk ${counter} does not match its tag`);
    if (!(await reader.isAtEnd())) throw damaged('bytes follow its last chunk');
    yield last;
    return;
  }
}
