import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ArchiveLimits } from '@cardstack/shared/account/account-archive';
import { readZip, writeZip } from './archive-zip';

const limits: ArchiveLimits = { maxArchiveBytes: 1 << 20, maxEntries: 10, maxTotalUncompressedBytes: 64 * 1024, maxCompressionRatio: 20, ratioCheckFromBytes: 4096 };

/** One deflated entry whose directory says `declared` bytes: what a lying writer makes. */
function lyingZip(name: string, data: Buffer, declared: number): Buffer {
  const packed = zlib.deflateRawSync(data);
  const nameBytes = Buffer.from(name);
  const header = (signature: number, size: number) => {
    const fields = Buffer.alloc(size);
    fields.writeUInt32LE(signature, 0);
    return fields;
  };
  const local = header(0x04034b50, 30);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(zlib.crc32(data), 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = header(0x02014b50, 46);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(zlib.crc32(data), 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const directoryStart = local.length + nameBytes.length + packed.length;
  const end = header(0x06054b50, 22);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryStart, 16);
  return Buffer.concat([local, nameBytes, packed, central, nameBytes, end]);
}

describe('account archive ZIPs', () => {
  it('reads back what it wrote', async () => {
    const zip = await writeZip(
      [
        { path: 'manifest.json', body: Buffer.from('{"format":1}') },
        { path: 'cards/a/images/x.webp', body: Buffer.from([1, 2, 3]) },
      ],
      new Date('2026-01-02T03:04:05Z'),
    );
    const read = await readZip(zip, limits);
    expect(read.ok && Object.fromEntries([...read.files].map(([name, body]) => [name, body.toString('hex')]))).toEqual({
      'manifest.json': Buffer.from('{"format":1}').toString('hex'),
      'cards/a/images/x.webp': '010203',
    });
  });

  it('refuses what is not a ZIP', async () => {
    expect(await readZip(Buffer.from('hello'), limits)).toEqual({ ok: false, refusal: { kind: 'unreadable' } });
  });

  it('refuses an entry that inflates past the ratio, from its directory', async () => {
    const zip = await writeZip([{ path: 'big.json', body: Buffer.alloc(32 * 1024, 32) }], new Date());
    expect(await readZip(zip, limits)).toEqual({ ok: false, refusal: { kind: 'compression-ratio', name: 'big.json' } });
  });

  it('holds an entry to its declared size while inflating, whatever the directory says', async () => {
    expect(await readZip(lyingZip('small.json', Buffer.alloc(50_000, 32), 100), limits)).toEqual({ ok: false, refusal: { kind: 'unreadable' } });
  });

  it('refuses too many entries before reading them', async () => {
    const zip = await writeZip(Array.from({ length: 11 }, (_, index) => ({ path: `f${index}`, body: Buffer.from('x') })), new Date());
    expect(await readZip(zip, limits)).toEqual({ ok: false, refusal: { kind: 'too-many-entries' } });
  });
});
