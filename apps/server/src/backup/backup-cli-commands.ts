import path from 'node:path';
import { parseCommandLine, UsageError } from '../cli';
import type { Config } from '../config';
import { BackupError } from './backup-archive';
import { notCoveredBy, restoreBackup, writeBackup, type BackupSummary } from './data-dir-backup';

/*
 * `npm run admin -- backup <file>` and `npm run admin -- restore <file>` (docs/backups.md): the archive's
 * passphrase from BACKUP_PASSPHRASE or BACKUP_PASSPHRASE_FILE (backup-config.ts); what the archive does not cover
 * (PostgreSQL, an S3 bucket) is said on standard error each time.
 */

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function described(summary: BackupSummary): string {
  return `${summary.files} file(s), ${megabytes(summary.bytes)} (database: ${summary.manifest.database}; files: ${summary.manifest.files})`;
}

export async function runBackupCommand(config: Config, args: readonly string[], out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const { positionals } = parseCommandLine(args, {});
  const [command, file, ...extra] = positionals;
  if ((command !== 'backup' && command !== 'restore') || !file || extra.length > 0) throw new UsageError(`"${command ?? ''}" takes one argument: the archive's file.`);
  const passphrase = config.backupPassphrase;
  if (!passphrase) {
    err('Set BACKUP_PASSPHRASE (or BACKUP_PASSPHRASE_FILE, the path of a file holding it): archives are encrypted with it, and hold secrets and personal data.');
    return 1;
  }
  const scope = { dataDir: config.dataDir, databaseUrl: config.databaseUrl, s3Bucket: config.storage.s3?.bucket };
  try {
    if (command === 'backup') {
      const started = Date.now();
      const summary = await writeBackup(scope, file, passphrase);
      out(`Wrote ${path.resolve(file)}: ${described(summary)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      for (const line of notCoveredBy(scope)) err(`Not in the archive: ${line}.`);
      return 0;
    }
    const summary = await restoreBackup(path.resolve(file), config.dataDir, passphrase);
    out(`Restored ${described(summary)} into ${config.dataDir}.`);
    if (summary.manifest.database === 'not included: PostgreSQL') err('The archive holds no database (it was made with PostgreSQL): restore the database with pg_restore, see docs/backups.md.');
    if (summary.manifest.files === 'not included: S3') err('The archive holds no uploaded files (they were in an S3 bucket): see docs/backups.md.');
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}
