import { useState } from 'react';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { InputField } from '../../../components/ui/input-field';
import { ApiError } from '../../../lib/api-client';
import { useMessages } from '../../../lib/i18n/messages';
import { deleteAccount } from '../api/delete-account';
import { signOut } from '../../../lib/sign-out';
import { settingsMessages } from '../messages';

/** Deleting the account after a confirmation (with the password, when the account has one). */
export function DeleteAccount({ user }: { user: SessionUser }) {
  const t = useMessages(settingsMessages);
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  async function confirm() {
    setIsBusy(true);
    setError(undefined);
    try {
      await deleteAccount(user.hasPassword ? { password } : {});
      await signOut({ isDeleted: true });
    } catch (deleteError) {
      setError(deleteError instanceof ApiError ? (deleteError.fields.password ?? deleteError.message) : t('somethingWentWrong'));
      setIsBusy(false);
    }
  }
  return (
    <>
      <Button variant="danger" onClick={() => setIsOpen(true)}>
        {t('deleteAccount')}
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={t('deleteAccountTitle')}
        confirmLabel={t('deleteAccount')}
        isDanger
        isBusy={isBusy}
        onConfirm={() => void confirm()}
      >
        <p>{t('deleteAccountText')}</p>
        {user.hasPassword ? (
          <InputField
            className="mt-4"
            label={t('password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error}
          />
        ) : error ? (
          <p className="mt-3 text-red-700">{error}</p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
