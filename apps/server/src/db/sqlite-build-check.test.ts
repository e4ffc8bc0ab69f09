import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertSafeSqliteBuild, fileIncludes, unsafeSqliteBuildMessage } from './sqlite-build-check';

describe('the better-sqlite3 build check', () => {
  it.each([
    { build: 'compiled with Node 20, 22 or 24.0–24.18 headers', symbols: 'node_module_register\0napi_create_function\0', isRefused: false },
    { build: "compiled with Node 24.19+'s ObjectWrap", symbols: '_ZN4node28RemoveEnvironmentCleanupHookEPN2v87IsolateEPFvPvES3_\0', isRefused: true },
  ])('$build: refused $isRefused', ({ symbols, isRefused }) => {
    const message = unsafeSqliteBuildMessage('/srv/cards/node_modules/better-sqlite3/build/Release/better_sqlite3.node', Buffer.from(`\x7fELF${symbols}`));
    if (isRefused) expect(message).toMatch(/Node 24\.19 or later.*npm rebuild better-sqlite3 --build-from-source --target=24\.0\.0/);
    else expect(message).toBeNull();
  });

  it('passes the build this test runs with', () => {
    expect(() => assertSafeSqliteBuild()).not.toThrow();
  });

  it.each([0, 1, 65_536 - 10, 65_536 - 1, 65_536, 3 * 65_536 + 7])('finds the symbol at byte %i of a file read in pieces', (offset) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-build-')), 'binary.node');
    const symbol = 'RemoveEnvironmentCleanupHook';
    fs.writeFileSync(file, Buffer.concat([Buffer.alloc(offset, 0x41), Buffer.from(symbol), Buffer.alloc(100, 0x42)]));
    expect(fileIncludes(file, symbol)).toBe(true);
    expect(fileIncludes(file, 'RemoveEnvironmentCleanupHooks')).toBe(false);
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
