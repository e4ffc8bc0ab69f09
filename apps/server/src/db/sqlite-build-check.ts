import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The symbol a better-sqlite3 build carries when it was compiled with Node 24.19+'s `node::ObjectWrap`. */
const abortingObjectWrapSymbol = 'RemoveEnvironmentCleanupHook';

/**
 * Why a better-sqlite3 binary must not be used, or null when it is fine. better-sqlite3 12 compiled against the
 * headers of Node 24.19 or later makes the process abort at a random moment ("Assertion failed: (env) !=
 * nullptr" when the garbage collector frees a statement; decision 0029). Its prebuilt binaries, which `npm ci`
 * downloads, are compiled against 24.0.0's headers and are fine; a build from source on a newer Node is not.
 */
export function unsafeSqliteBuildMessage(binaryPath: string, binary: { includes(text: string): boolean }): string | null {
  if (!binary.includes(abortingObjectWrapSymbol)) return null;
  return (
    `better-sqlite3 (${binaryPath}) was compiled against the headers of Node 24.19 or later, which makes the ` +
    'process abort at random. Rebuild it against Node 24.0.0\'s headers: ' +
    'npm rebuild better-sqlite3 --build-from-source --target=24.0.0 (README, "Build prerequisites").'
  );
}

let checked = false;

/** Refuses to open SQLite with a build that would abort the process later (checked once per process). */
export function assertSafeSqliteBuild(): void {
  if (checked) return;
  const binaryPath = path.join(path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build/Release/better_sqlite3.node');
  // Only the usual place is read; a build elsewhere (a custom `nativeBinding`) is the operator's own.
  if (fs.existsSync(binaryPath)) {
    const message = unsafeSqliteBuildMessage(binaryPath, { includes: (text) => fileIncludes(binaryPath, text) });
    if (message) throw new Error(message);
  }
  checked = true;
}

/** Whether the file holds `text`, read in small pieces: the 2 MB binary is not kept in memory at start. */
export function fileIncludes(file: string, text: string): boolean {
  const needle = Buffer.from(text);
  const piece = Buffer.alloc(64 * 1024);
  const descriptor = fs.openSync(file, 'r');
  try {
    // Each read keeps the previous piece's last bytes in front, so a match across two pieces is found.
    let kept = 0;
    for (;;) {
      const read = fs.readSync(descriptor, piece, kept, piece.length - kept, null);
      if (read === 0) return false;
      const filled = kept + read;
      if (piece.subarray(0, filled).includes(needle)) return true;
      kept = Math.min(needle.length - 1, filled);
      piece.copy(piece, 0, filled - kept, filled);
    }
  } finally {
    fs.closeSync(descriptor);
  }
}
