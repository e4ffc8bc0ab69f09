import { describe, expect, it } from 'vitest';
import { accountArchiveLimits, checkArchiveEntries, isSafeArchivePath, type ArchiveLimits } from './account-archive';

const limits: ArchiveLimits = { maxArchiveBytes: 1000, maxEntries: 3, maxTotalUncompressedBytes: 1000, maxCompressionRatio: 10, ratioCheckFromBytes: 100 };
const entry = (name: string, uncompressedSize = 10, compressedSize = uncompressedSize) => ({ name, uncompressedSize, compressedSize });

describe('archive paths', () => {
  it.each([
    ['manifest.json', true],
    ['cards/abc/card.json', true],
    ['cards/abc/', true],
    ['../etc/passwd', false],
    ['cards/../../x', false],
    ['cards/./x', false],
    ['/etc/passwd', false],
    ['C:/windows/x', false],
    ['cards\\x', false],
    ['cards//x', false],
    ['', false],
    ['a\u0000b', false],
  ])('%j is safe: %s', (name, expected) => {
    expect(isSafeArchivePath(name)).toBe(expected);
  });
});

describe('archive limits', () => {
  it('accepts entries within the limits', () => {
    expect(checkArchiveEntries([entry('a'), entry('b/c', 500, 100)], limits)).toBeNull();
  });

  it('refuses too many entries', () => {
    expect(checkArchiveEntries([entry('a'), entry('b'), entry('c'), entry('d')], limits)).toEqual({ kind: 'too-many-entries' });
  });

  it('refuses a total inflated size over the limit', () => {
    expect(checkArchiveEntries([entry('a', 600, 600), entry('b', 600, 600)], limits)).toEqual({ kind: 'too-large-uncompressed' });
  });

  it('refuses an entry that inflates more than the ratio allows (a zip bomb)', () => {
    expect(checkArchiveEntries([entry('bomb', 900, 10)], limits)).toEqual({ kind: 'compression-ratio', name: 'bomb' });
    // A small entry is not judged by its ratio: the total limit bounds it.
    expect(checkArchiveEntries([entry('small', 99, 1)], limits)).toBeNull();
    expect(checkArchiveEntries([entry('empty-compressed', 500, 0)], limits)).toEqual({ kind: 'compression-ratio', name: 'empty-compressed' });
  });

  it('refuses unsafe and repeated paths', () => {
    expect(checkArchiveEntries([entry('../x')], limits)).toEqual({ kind: 'unsafe-path', name: '../x' });
    expect(checkArchiveEntries([entry('a'), entry('a')], limits)).toEqual({ kind: 'duplicate-path', name: 'a' });
  });

  it('has limits that let a real account through', () => {
    expect(accountArchiveLimits.maxTotalUncompressedBytes).toBeGreaterThan(accountArchiveLimits.maxArchiveBytes);
    expect(accountArchiveLimits.maxEntries).toBeGreaterThanOrEqual(1000);
  });
});
