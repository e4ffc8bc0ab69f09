/*
 * The oldest Node.js the server runs on (package.json's `engines`, decision 0029). On an older one the native
 * SQLite driver may not load at all — better-sqlite3 13 crashes Node 20 with a segmentation fault — so the server
 * says what it needs before it loads anything else.
 */
export const minimumNodeVersion = '22.22.0';

/** Whether `version` ("24.21.0", as in `process.versions.node`) is at least the minimum. */
export function isSupportedNodeVersion(version: string, minimum = minimumNodeVersion): boolean {
  const have = version.split('.').map(Number);
  const need = minimum.split('.').map(Number);
  for (let part = 0; part < need.length; part += 1) {
    if ((have[part] ?? 0) !== need[part]) return (have[part] ?? 0) > need[part]!;
  }
  return true;
}

export function unsupportedNodeMessage(version: string): string {
  return `This server needs Node.js ${minimumNodeVersion} or later (24 recommended); it was started with ${version}. Install Node 24 and run npm ci again.`;
}
