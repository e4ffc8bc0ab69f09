import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { passkeyNameField, type PasskeySummary } from '@cardstack/shared/auth/passkeys';
import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/input-field';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { addPasskey, isPasskeySupported, usePasskeyErrors } from '../../auth/public';
import { passkeysQueryKey } from '../api/account-keys';
import { renamePasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { settingsMessages } from '../messages';

const addForm = z.object({ name: passkeyNameField, password: z.string().optional() });
type AddForm = z.infer<typeof addForm>;

/** Settings → General: the account's passkeys (a way to sign in, and a second factor), added, renamed and removed here. */
export function PasskeysPanel({ user }: { user: SessionUser }) {
  const t = useMessages(settingsMessages);
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey });

  if (passkeys.isPending) return <Spinner className="h-5 w-5" label={t('loadingPasskeys')} />;
  if (passkeys.isError) return <p className="text-sm text-red-700">{t('passkeysNotLoaded')}</p>;
  const list = passkeys.data.passkeys;
  return (
    <div className="flex flex-col gap-4">
      {list.length === 0 ? (
        <p className="text-sm text-zinc-700">{t('noPasskeys')}</p>
      ) : (
        <ul aria-label={t('passkeysList')} className="divide-y divide-zinc-200">
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onChanged={refresh} />
          ))}
        </ul>
      )}
      {isPasskeySupported() ? (
        <AddPasskeyForm hasPassword={user.hasPassword} defaultName={list.length === 0 ? t('firstPasskeyName') : t('nextPasskeyName', { number: list.length + 1 })} onAdded={refresh} />
      ) : (
        <p className="text-sm text-zinc-700">{t('cannotCreatePasskeys')}</p>
      )}
    </div>
  );
}

function AddPasskeyForm({ hasPassword, defaultName, onAdded }: { hasPassword: boolean; defaultName: string; onAdded: () => Promise<void> }) {
  const t = useMessages(settingsMessages);
  const describePasskeyError = usePasskeyErrors();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState, reset, setError } = useForm<AddForm>({ resolver: zodResolver(addForm), defaultValues: { name: defaultName } });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    if (hasPassword && !values.password) {
      setError('password', { message: t('enterPasswordForPasskey') });
      return;
    }
    try {
      await addPasskey({ name: values.name, password: hasPassword ? values.password : undefined });
      notify.success(t('passkeyAdded'));
      reset({ name: '', password: '' });
      await onAdded();
    } catch (error) {
      setFormError(describePasskeyError(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('addPasskey')}>
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4 sm:max-w-md">
        <FormAlert message={formError} />
        <InputField label={t('passkeyName')} required hint={t('passkeyNameHint')} error={formState.errors.name?.message} {...register('name')} />
        {hasPassword ? (
          <InputField label={t('currentPassword')} type="password" autoComplete="current-password" required error={formState.errors.password?.message} {...register('password')} />
        ) : null}
        <div>
          <Button type="submit" variant="secondary" isLoading={formState.isSubmitting}>
            {t('addPasskey')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function PasskeyRow({ passkey, onChanged }: { passkey: PasskeySummary; onChanged: () => Promise<void> }) {
  const t = useMessages(settingsMessages);
  const format = useFormat();
  const [isRenaming, setIsRenaming] = useState(false);
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);
  const remove = useRemovePasskey({
    onSuccess: () => {
      setIsConfirmingRemoval(false);
      notify.success(t('passkeyRemoved'));
    },
    onError: () => notify.alert(t('somethingWentWrong')),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      {isRenaming ? (
        <RenameForm passkey={passkey} onDone={async () => { setIsRenaming(false); await onChanged(); }} onCancel={() => setIsRenaming(false)} />
      ) : (
        <>
          <div className="text-sm">
            <p className="font-semibold">
              {passkey.name}
              {passkey.isSynced ? <span className="ms-2 rounded bg-zinc-100 px-2 py-0.5 text-xs text-zinc-800">{t('synced')}</span> : null}
            </p>
            <p className="text-zinc-700">
              {passkey.lastUsedAt
                ? t('passkeyAddedUsed', { added: format.date(passkey.createdAt), lastUsed: format.date(passkey.lastUsedAt) })
                : t('passkeyAddedNotUsed', { added: format.date(passkey.createdAt) })}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" aria-label={t('renamePasskey', { name: passkey.name })} onClick={() => setIsRenaming(true)}>
              {t('rename')}
            </Button>
            <Button variant="secondary" aria-label={t('removePasskey', { name: passkey.name })} onClick={() => setIsConfirmingRemoval(true)}>
              {t('remove')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={isConfirmingRemoval}
        onOpenChange={setIsConfirmingRemoval}
        title={t('removePasskeyTitle')}
        confirmLabel={t('removePasskeyConfirm')}
        isDanger
        isBusy={remove.isPending}
        onConfirm={() => remove.mutate(passkey.id)}
      >
        {t('removePasskeyText', { name: passkey.name })}
      </ConfirmDialog>
    </li>
  );
}

function RenameForm({ passkey, onDone, onCancel }: { passkey: PasskeySummary; onDone: () => Promise<void>; onCancel: () => void }) {
  const t = useMessages(settingsMessages);
  const { register, handleSubmit, formState, setError } = useForm<{ name: string }>({
    resolver: zodResolver(z.object({ name: passkeyNameField })),
    defaultValues: { name: passkey.name },
  });
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await renamePasskey(passkey.id, name);
      await onDone();
    } catch {
      setError('name', { message: t('passkeyNameNotSaved') });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-wrap items-end gap-2" aria-label={t('renamePasskey', { name: passkey.name })}>
      <div className="min-w-48 flex-1">
        <InputField label={t('newName')} required error={formState.errors.name?.message} {...register('name')} />
      </div>
      <Button type="submit" isLoading={formState.isSubmitting}>
        {t('save')}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        {t('cancel')}
      </Button>
    </form>
  );
}
