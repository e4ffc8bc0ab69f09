import { z } from 'zod';
import { configPiece, optionalString, secret } from '../config-fields';

/** The passphrase `npm run admin -- backup` and `restore` encrypt with (docs/backups.md); the server never reads it. */
export const backupConfig = configPiece({
  title: 'Backups',
  variables: {
    BACKUP_PASSPHRASE: secret(optionalString.pipe(z.string().min(12, 'must be at least 12 characters').optional()), {
      description:
        'The passphrase backup archives are encrypted with (`npm run admin -- backup <file>` and `restore <file>`; see docs/backups.md). At least 12 characters; without it both commands refuse to run. Keep it apart from the archives: without it an archive cannot be restored.',
    }),
  },
  build: (env) => ({ backupPassphrase: env.BACKUP_PASSPHRASE }),
});
