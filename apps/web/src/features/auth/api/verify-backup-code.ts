import type { BackupCodeInput } from '@cardstack/shared/auth/schemas';
import { unreadAnswer } from '@cardstack/shared/http/answers';
import { api } from '../../../lib/api-client';

/** POST /api/auth/two-factor/verify-backup-code: one of the one-time codes instead of the app's. */
export async function verifyBackupCode(input: BackupCodeInput): Promise<void> {
  await api.post('/api/auth/two-factor/verify-backup-code', unreadAnswer, input);
}
