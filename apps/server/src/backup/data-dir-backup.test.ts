import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { archiveMagic, BackupError } from './backup-archive';
import { restoreBackup, writeBackup } from './data-dir-backup';

/*
 * The archive of a DATA_DIR made by hand (a SQLite file, uploaded files, the generated secrets): what goes in
 * comes back byte for byte, and every way an archive can be wrong (passphrase, a changed byte, cut off, bytes
 * added) is refused with a message and leaves the target folder as it was.
 */

const passphrase = 'correct horse battery staple';
let root: string;
let dataDir: string;
let archive: string;

const listing = (dir: string): Record<string, string> => {
  const files: Record<string, string> = {};
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else files[child] = crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, child))).digest('hex');
    }
  };
  walk('');
  return files;
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-unit-'));
  dataDir = path.join(root, 'data');
  archive = path.join(root, 'cards.backup');
  fs.mkdirSync(path.join(dataDir, 'files/images/card-1'), { recursive: true });
  const db = new SqliteDatabase(path.join(dataDir, 'cards.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec('create table card (id text primary key, name text)');
  const insert = db.prepare('insert into card values (?, ?)');
  for (let index = 0; index < 500; index++) insert.run(`card-${index}`, `Name ${index}`);
  db.close();
  fs.writeFileSync(path.join(dataDir, 'files/images/card-1/photo.webp'), crypto.randomBytes(200_000));
  fs.writeFileSync(path.join(dataDir, 'files/images/card-1/photo.webp.123.456.tmp'), 'half a file');
  fs.writeFileSync(path.join(dataDir, 'files/empty.txt'), '');
  fs.writeFileSync(path.join(dataDir, 'auth-secret'), 'generated-secret');
  fs.writeFileSync(path.join(dataDir, 'wallet-development-credentials.json'), '{"key":"pem"}');
  fs.mkdirSync(path.join(dataDir, 'mailbox'));
  fs.writeFileSync(path.join(dataDir, 'mailbox/1.eml'), 'a password reset link');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a backup of DATA_DIR', { timeout: 60_000 }, () => {
  it('restores the database, the files and the generated secrets, and nothing half-written or from the mailbox', async () => {
    const summary = await writeBackup({ dataDir }, archive, passphrase);
    expect(summary).toMatchObject({ files: 5, manifest: { database: 'sqlite', files: 'local' } });
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(root).sort()).toEqual(['cards.backup', 'data']);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
    // Encrypted: none of the content shows through.
    const bytes = fs.readFileSync(archive);
    expect(bytes.subarray(0, 8)).toEqual(archiveMagic);
    expect(bytes.includes('generated-secret')).toBe(false);
    expect(bytes.includes('SQLite format')).toBe(false);

    const target = path.join(root, 'restored');
    const restored = await restoreBackup(archive, target, passphrase);
    expect(restored.files).toBe(5);
    const original = listing(dataDir);
    const back = listing(target);
    for (const name of ['files/images/card-1/photo.webp', 'files/empty.txt', 'auth-secret', 'wallet-development-credentials.json']) expect(back[name]).toBe(original[name]);
    expect(Object.keys(back).sort()).toEqual(['auth-secret', 'cards.sqlite', 'files/empty.txt', 'files/images/card-1/photo.webp', 'wallet-development-credentials.json']);
    const db = new SqliteDatabase(path.join(target, 'cards.sqlite'), { readonly: true });
    expect(db.prepare('select count(*) as n from card').get()).toEqual({ n: 500 });
    db.close();
    expect(fs.statSync(target).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(target, 'auth-secret')).mode & 0o777).toBe(0o600);
  });

  it('holds neither the database nor the files when they are PostgreSQL and S3, and says so in its manifest', async () => {
    const summary = await writeBackup({ dataDir, databaseUrl: 'postgres://db/cards', s3Bucket: 'cards' }, archive, passphrase);
    expect(summary).toMatchObject({ files: 2, manifest: { database: 'not included: PostgreSQL', files: 'not included: S3' } });
  });

  it('refuses a folder that is not empty, and writes nothing into it', async () => {
    await writeBackup({ dataDir }, archive, passphrase);
    await expect(restoreBackup(archive, dataDir, passphrase)).rejects.toThrow(/is not empty: restore only into an empty or new folder/);
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    await restoreBackup(archive, empty, passphrase);
    expect(fs.readdirSync(empty).sort()).toEqual(['auth-secret', 'cards.sqlite', 'files', 'wallet-development-credentials.json']);
  });

  const refusals: [string, (bytes: Buffer) => Buffer, RegExp][] = [
    ['a changed byte in the middle', (bytes) => Buffer.concat([bytes.subarray(0, 100_000), Buffer.from([bytes[100_000]! ^ 1]), bytes.subarray(100_001)]), /damaged or was changed \(chunk \d+ does not match its tag\)/],
    ['a changed byte in the last chunk', (bytes) => Buffer.concat([bytes.subarray(0, bytes.length - 20), Buffer.from([bytes[bytes.length - 20]! ^ 1]), bytes.subarray(bytes.length - 19)]), /damaged or was changed/],
    ['cut off at a chunk boundary', (bytes) => bytes.subarray(0, 51 + 4 + 65536 + 16), /cut off/],
    ['cut off inside a chunk', (bytes) => bytes.subarray(0, bytes.length - 5), /cut off/],
    ['bytes added at the end', (bytes) => Buffer.concat([bytes, Buffer.from('more')]), /bytes follow its last chunk/],
    ['a changed salt', (bytes) => Buffer.concat([bytes.subarray(0, 12), Buffer.from([bytes[12]! ^ 1]), bytes.subarray(13)]), /Wrong passphrase/],
    ['another file', () => Buffer.from('PK\u0003\u0004 a zip file'), /not a backup archive/],
  ];

  it.each(refusals)('refuses %s, and leaves the target as it was', async (_name, change, message) => {
    await writeBackup({ dataDir }, archive, passphrase);
    fs.writeFileSync(archive, change(fs.readFileSync(archive)));
    const target = path.join(root, 'target');
    const error = await restoreBackup(archive, target, passphrase).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(message);
    expect(fs.existsSync(target)).toBe(false);
    // An existing empty folder stays empty.
    fs.mkdirSync(target);
    await expect(restoreBackup(archive, target, passphrase)).rejects.toThrow(message);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it('tells a wrong passphrase apart, and restores nothing', async () => {
    await writeBackup({ dataDir }, archive, passphrase);
    const target = path.join(root, 'target');
    await expect(restoreBackup(archive, target, 'not the passphrase')).rejects.toThrow('Wrong passphrase: the archive cannot be opened with it');
    expect(fs.existsSync(target)).toBe(false);
  });

  it('replaces an older archive only once the new one is whole', async () => {
    fs.writeFileSync(archive, 'the previous archive');
    await expect(writeBackup({ dataDir }, path.join(root, 'no-such-folder/cards.backup'), passphrase)).rejects.toThrow('does not exist');
    await expect(writeBackup({ dataDir: path.join(root, 'elsewhere') }, archive, passphrase)).rejects.toThrow(`DATA_DIR ${path.join(root, 'elsewhere')} does not exist: nothing to back up.`);
    expect(fs.readFileSync(archive, 'utf8')).toBe('the previous archive');
    await writeBackup({ dataDir }, archive, passphrase);
    expect(fs.readFileSync(archive).subarray(0, 8)).toEqual(archiveMagic);
    expect(fs.readdirSync(root).sort()).toEqual(['cards.backup', 'data']);
  });
});
