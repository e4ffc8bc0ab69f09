import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../../test/fake-s3';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type FileStorage } from './storage';

/** One contract, two implementations: whatever the cards module relies on behaves the same on both. */
let fakeS3: Awaited<ReturnType<typeof startFakeS3>>;
const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
const storages: Record<string, () => Promise<FileStorage>> = {
  local: async () => createLocalStorage(localRoot),
  s3: async () =>
    createS3Storage({
      bucket: 'cards',
      region: 'us-east-1',
      endpoint: fakeS3.endpoint,
      accessKeyId: 'test',
      secretAccessKey: 'test',
      forcePathStyle: true,
    }),
};

beforeAll(async () => {
  fakeS3 = await startFakeS3({ bucket: 'cards', pageSize: 2 });
});
afterAll(async () => {
  await fakeS3.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

describe.each(Object.keys(storages))('%s storage', (kind) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await storages[kind]!();
  });

  it('stores, reads back and reports a missing file as null', async () => {
    await storage.put('images/card1/a.webp', Buffer.from('image bytes'), 'image/webp');
    const file = await storage.get('images/card1/a.webp');
    expect(file?.contentType).toBe('image/webp');
    expect(file?.size).toBe(11);
    expect(await text(file!.body)).toBe('image bytes');
    expect(await storage.get('images/card1/missing.webp')).toBeNull();
    expect(await storage.exists('images/card1/a.webp')).toBe(true);
    expect(await storage.exists('images/card1/missing.webp')).toBe(false);
  });

  it('takes the content type from the extension, not from the upload', async () => {
    await storage.put('files/card1/x.txt', Buffer.from('<script>'), 'text/html');
    expect((await storage.get('files/card1/x.txt'))?.contentType).toBe('text/plain; charset=utf-8');
  });

  it('lists a folder (following pages), not its neighbours', async () => {
    for (const name of ['1.pdf', '2.pdf', '3.pdf', 'sub/4.pdf']) await storage.put(`files/list1/${name}`, Buffer.from(name), 'application/pdf');
    await storage.put('files/list10/other.pdf', Buffer.from('x'), 'application/pdf');
    expect(await storage.list('files/list1/')).toEqual(['files/list1/1.pdf', 'files/list1/2.pdf', 'files/list1/3.pdf', 'files/list1/sub/4.pdf']);
    expect(await storage.list('files/list1')).toHaveLength(4);
    expect(await storage.list('files/nothing-here/')).toEqual([]);
  });

  it('copies a file', async () => {
    await storage.put('images/src/p.webp', Buffer.from('picture'), 'image/webp');
    await storage.copy('images/src/p.webp', 'images/dst/p.webp');
    expect(await text((await storage.get('images/dst/p.webp'))!.body)).toBe('picture');
    expect(await storage.exists('images/src/p.webp')).toBe(true);
  });

  it('deletes one file, and a whole folder without touching its neighbours', async () => {
    await storage.put('vcf-files/d1/a.vcf', Buffer.from('a'), 'text/vcard');
    await storage.delete('vcf-files/d1/a.vcf');
    await storage.delete('vcf-files/d1/never-existed.vcf');
    expect(await storage.exists('vcf-files/d1/a.vcf')).toBe(false);

    for (const name of ['a', 'b', 'c', 'd', 'e']) await storage.put(`appleWallets/w1/${name}.pkpass`, Buffer.from(name), 'x');
    await storage.put('appleWallets/w10/keep.pkpass', Buffer.from('keep'), 'x');
    await storage.deletePrefix('appleWallets/w1/');
    expect(await storage.list('appleWallets/w1/')).toEqual([]);
    expect(await storage.list('appleWallets/w10/')).toEqual(['appleWallets/w10/keep.pkpass']);
    await storage.deletePrefix('appleWallets/none/');
  });

  it.each(['../etc/passwd', 'images/../../x', 'images//x', '/abs', 'images/a b'])('refuses the unsafe key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
  });
});

describe('S3 storage requests', () => {
  it('lists with continuation tokens and deletes a folder in one batch request', async () => {
    const storage = await storages.s3!();
    for (const name of ['a', 'b', 'c']) await storage.put(`images/batch/${name}.webp`, Buffer.from(name), 'image/webp');
    fakeS3.requests.length = 0;
    await storage.deletePrefix('images/batch/');
    const lists = fakeS3.requests.filter((request) => request.includes('list-type=2'));
    const deletes = fakeS3.requests.filter((request) => request.startsWith('POST'));
    expect(lists).toHaveLength(2);
    expect(deletes).toHaveLength(1);
    expect([...fakeS3.objects.keys()].filter((key) => key.startsWith('images/batch/'))).toEqual([]);
  });
});
