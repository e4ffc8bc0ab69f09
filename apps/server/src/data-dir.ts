import fs from 'node:fs';
import type { Logger } from 'pino';

/*
 * DATA_DIR holds the SQLite database, uploaded files, the local mailbox (password-reset links) and generated
 * secrets: only the server's own user may read it. Every folder the server makes in it is 0700, every secret file
 * it writes 0600, whatever the process's umask.
 */
export const privateDirMode = 0o700;
export const privateFileMode = 0o600;

/** Makes `dir`, and any missing folder above it, readable by the server's user only. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: privateDirMode });
}

/**
 * An existing DATA_DIR that other users may read or enter (made by hand, or by an older version) is tightened to
 * 0700 at start, with a warning that says so. One the server's user cannot change is left as it is, with a warning.
 * A DATA_DIR that does not exist yet is left to whoever writes in it first (`makePrivateDir`).
 */
export function tightenDataDir(dataDir: string, logger: Logger): void {
  let mode: number;
  try {
    mode = fs.statSync(dataDir).mode & 0o777;
  } catch {
    return;
  }
  if ((mode & 0o077) === 0) return;
  const was = mode.toString(8);
  try {
    fs.chmodSync(dataDir, privateDirMode);
    logger.warn({ dataDir, mode: was }, `DATA_DIR ${dataDir} was open to other users (mode ${was}); tightened to 700`);
  } catch (error) {
    logger.warn({ dataDir, mode: was, err: error }, `DATA_DIR ${dataDir} is open to other users (mode ${was}) and could not be tightened: chmod 700 it`);
  }
}
