import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SqliteDatabase from 'better-sqlite3';
import { makePrivateDir, privateDirMode, privateFileMode } from '../data-dir';
import { BackupError, ByteReader, createEncryptor, decryptArchive } from './backup-archive';

/*
 * What a backup of DATA_DIR holds and how it is put back (docs/backups.md; decision 0042). Inside the encrypted
 * container (backup-archive.ts) the content is a list of entries:
 *
 *   manifest   kind 2 · length (4) · JSON: format, when, what the archive covers
 *   file       kind 1 · path length (2) · path (UTF-8, `/`-separated, relative to DATA_DIR) · size (8) · bytes
 *   end        kind 0
 *
 * The SQLite database is copied with SQLite's online backup (the server may keep writing), then the files,
 * then the generated secrets. Nothing is read whole into memory: each file streams through.
 */

/** The secrets the server generates into DATA_DIR when the environment does not give them. */
export const generatedSecretFiles = ['auth-secret', 'wallet-development-credentials.json'] as const;
const databaseFile = 'cards.sqlite';
const filesFolder = 'files';
const entryKind = { end: 0, file: 1, manifest: 2 } as const;

export interface BackupScope {
  dataDir: string;
  /** Set: the database is PostgreSQL, which the archive does not hold (pg_dump does). */
  databaseUrl?: string | undefined;
  /** Set: the files are in an S3 bucket, which the archive does not hold (the bucket's versioning does). */
  s3Bucket?: string | undefined;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'sqlite' | 'not included: PostgreSQL' | 'none yet';
  files: 'local' | 'not included: S3';
}

export interface BackupSummary {
  manifest: BackupManifest;
  files: number;
  bytes: number;
}

/** What the archive will not hold, for the operator to cover another way (docs/backups.md). */
export function notCoveredBy(scope: BackupScope): string[] {
  return [
    ...(scope.databaseUrl ? ['the PostgreSQL database (DATABASE_URL): back it up with pg_dump, see docs/backups.md'] : []),
    ...(scope.s3Bucket ? [`the files in the S3 bucket ${scope.s3Bucket}: keep them with the bucket's versioning, see docs/backups.md`] : []),
  ];
}

function fileEntryHeader(relative: string, size: number): Buffer {
  const name = Buffer.from(relative, 'utf8');
  const header = Buffer.alloc(1 + 2 + name.length + 8);
  header[0] = entryKind.file;
  header.writeUInt16BE(name.length, 1);
  name.copy(header, 3);
  header.writeBigUInt64BE(BigInt(size), 3 + name.length);
  return header;
}

/** A file's entry, read from one open handle so a file replaced meanwhile (storage writes then renames) stays whole. */
async function* fileEntry(file: string, relative: string, counts: { files: number; bytes: number }): AsyncGenerator<Buffer> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, 'r');
  } catch (error) {
    // Deleted between the listing and now (a card's image replaced): it is no longer part of the data.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    yield fileEntryHeader(relative, size);
    let position = 0;
    while (position < size) {
      const buffer = Buffer.allocUnsafe(Math.min(256 * 1024, size - position));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) throw new BackupError(`${relative} became shorter while it was read; run the backup again`);
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
    counts.files += 1;
    counts.bytes += size;
  } finally {
    await handle.close();
  }
}

async function* walk(root: string, relative = ''): AsyncGenerator<string> {
  let names: fs.Dirent[];
  try {
    names = await fsp.readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of names.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, child);
    // A storage write in progress (storage.ts writes `<name>.<pid>.<time>.tmp`, then renames it).
    else if (entry.isFile() && !/\.\d+\.\d+\.tmp$/.test(entry.name)) yield child;
  }
}

async function* archiveContent(scope: BackupScope, databaseCopy: string | null, manifest: BackupManifest, counts: { files: number; bytes: number }): AsyncGenerator<Buffer> {
  const json = Buffer.from(JSON.stringify(manifest), 'utf8');
  const head = Buffer.alloc(5);
  head[0] = entryKind.manifest;
  head.writeUInt32BE(json.length, 1);
  yield Buffer.concat([head, json]);
  if (databaseCopy) yield* fileEntry(databaseCopy, databaseFile, counts);
  if (!scope.s3Bucket) {
    const root = path.join(scope.dataDir, filesFolder);
    for await (const relative of walk(root)) yield* fileEntry(path.join(root, relative), `${filesFolder}/${relative}`, counts);
  }
  for (const name of generatedSecretFiles) yield* fileEntry(path.join(scope.dataDir, name), name, counts);
  yield Buffer.from([entryKind.end]);
}

/**
 * Writes the encrypted archive of DATA_DIR to `target`: first to a temporary file beside it, renamed into place
 * once complete, so `target` is either the previous archive or the whole new one.
 */
export async function writeBackup(scope: BackupScope, target: string, passphrase: string): Promise<BackupSummary> {
  const destination = path.resolve(target);
  if (!fs.existsSync(path.dirname(destination))) throw new BackupError(`The folder of ${destination} does not exist.`);
  // A DATA_DIR that is not there is a setting read from the wrong place (another folder's .env), not an empty backup.
  if (!fs.existsSync(scope.dataDir)) throw new BackupError(`DATA_DIR ${scope.dataDir} does not exist: nothing to back up. Check DATA_DIR in the environment or in .env where the command runs.`);
  const sqliteFile = path.join(scope.dataDir, databaseFile);
  const hasSqlite = !scope.databaseUrl && fs.existsSync(sqliteFile);
  // The copy lies in DATA_DIR: on the same disk, and as private as the database itself.
  const databaseCopy = hasSqlite ? path.join(scope.dataDir, `.backup-${crypto.randomBytes(6).toString('hex')}.sqlite`) : null;
  const temporary = `${destination}.${crypto.randomBytes(6).toString('hex')}.partial`;
  try {
    if (databaseCopy) {
      const source = new SqliteDatabase(sqliteFile, { fileMustExist: true });
      try {
        source.pragma('busy_timeout = 5000');
        // All pages in one step, one read transaction: a consistent copy. In small steps SQLite starts the copy
        // over each time the server writes in between, and on a busy server it might never finish.
        await source.backup(databaseCopy, { progress: () => 0x7fffffff });
      } finally {
        source.close();
      }
    }
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: scope.databaseUrl ? 'not included: PostgreSQL' : hasSqlite ? 'sqlite' : 'none yet',
      files: scope.s3Bucket ? 'not included: S3' : 'local',
    };
    const counts = { files: 0, bytes: 0 };
    await pipeline(
      Readable.from(archiveContent(scope, databaseCopy, manifest, counts)),
      await createEncryptor(passphrase),
      fs.createWriteStream(temporary, { mode: privateFileMode, flush: true }),
    );
    await fsp.rename(temporary, destination);
    return { manifest, ...counts };
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  } finally {
    if (databaseCopy) await fsp.rm(databaseCopy, { force: true });
  }
}

/** A path inside the archive that stays inside DATA_DIR: relative, no `..`, no empty or odd segment. */
function safeRelativePath(relative: string): string {
  const segments = relative.split('/');
  if (relative.includes('\\') || relative.includes('\0') || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new BackupError(`The archive holds an unsafe path (${JSON.stringify(relative)}); nothing was restored.`);
  }
  return path.join(...segments);
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await fsp.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

const cutOff = () => new BackupError('The archive ends before its last entry; nothing was restored.');

/** Reads the entries into `staging`; answers the manifest and the counts. */
async function readEntries(content: AsyncIterable<Buffer>, staging: string): Promise<BackupSummary> {
  const reader = new ByteReader(content);
  const head = await reader.read(5);
  if (!head || head[0] !== entryKind.manifest) throw new BackupError('The archive does not start with its manifest; nothing was restored.');
  const manifestBytes = await reader.read(head.readUInt32BE(1));
  if (!manifestBytes) throw cutOff();
  const manifest = JSON.parse(manifestBytes.toString('utf8')) as BackupManifest;
  const counts = { files: 0, bytes: 0 };
  for (;;) {
    const kind = await reader.read(1);
    if (!kind) throw cutOff();
    if (kind[0] === entryKind.end) break;
    if (kind[0] !== entryKind.file) throw new BackupError(`The archive holds an entry of unknown kind ${kind[0]}; nothing was restored.`);
    const nameLength = await reader.read(2);
    const name = nameLength && (await reader.read(nameLength.readUInt16BE()));
    const sizeBytes = await reader.read(8);
    if (!name || !sizeBytes) throw cutOff();
    const file = path.join(staging, safeRelativePath(name.toString('utf8')));
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: privateDirMode });
    const handle = await fsp.open(file, 'wx', privateFileMode);
    try {
      let left = Number(sizeBytes.readBigUInt64BE());
      counts.bytes += left;
      while (left > 0) {
        const piece = await reader.read(Math.min(left, 256 * 1024));
        if (!piece) throw cutOff();
        await handle.write(piece);
        left -= piece.length;
      }
    } finally {
      await handle.close();
    }
    counts.files += 1;
  }
  if (!(await reader.isAtEnd())) throw new BackupError('The archive holds bytes after its last entry; nothing was restored.');
  return { manifest, ...counts };
}

/**
 * Restores an archive into `dataDir`, which must be empty or missing. Everything is written into a hidden folder
 * inside it first and moved into place only once the whole archive was read and every chunk's tag matched: a
 * wrong passphrase, a changed or a cut-off archive leaves `dataDir` as it was.
 */
export async function restoreBackup(source: string, dataDir: string, passphrase: string): Promise<BackupSummary> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no file ${source}.`);
  if (!(await isEmptyOrMissing(dataDir))) {
    throw new BackupError(`DATA_DIR ${dataDir} is not empty: restore only into an empty or new folder (point DATA_DIR at one), so nothing is overwritten.`);
  }
  const wasMissing = !fs.existsSync(dataDir);
  makePrivateDir(dataDir);
  const staging = path.join(dataDir, `.restore-${crypto.randomBytes(6).toString('hex')}`);
  makePrivateDir(staging);
  try {
    const summary = await readEntries(decryptArchive(fs.createReadStream(source), passphrase), staging);
    for (const name of await fsp.readdir(staging)) await fsp.rename(path.join(staging, name), path.join(dataDir, name));
    await fsp.rmdir(staging);
    return summary;
  } catch (error) {
    await fsp.rm(staging, { recursive: true, force: true });
    if (wasMissing) await fsp.rmdir(dataDir).catch(() => undefined);
    throw error;
  }
}
