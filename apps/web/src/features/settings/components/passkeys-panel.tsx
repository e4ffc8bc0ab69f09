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
import { notify } from '../../../lib/notify';
import { addPasskey, describePasskeyError, isPasskeySupported } from '../../auth/public';
import { passkeysQueryKey } from '../api/account-keys';
import { renamePasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

const addForm = z.object({ name: passkeyNameField, password: z.string().optional() });
type AddForm = z.infer<typeof addForm>;

/** Settings → General: the account's passkeys (a way to sign in, and a second factor), added, renamed and removed here. */
export function PasskeysPanel({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey });

  if (passkeys.isPending) return <Spinner className="h-5 w-5" label="Loading passkeys" />;
  if (passkeys.isError) return <p className="text-sm text-red-700">The passkeys could not be loaded.</p>;
  const list = passkeys.data.passkeys;
  return (
    <div className="flex flex-col gap-4">
      {list.length === 0 ? (
        <p className="text-sm text-zinc-700">No passkeys yet.</p>
      ) : (
        <ul aria-label="Passkeys" className="divide-y divide-zinc-200">
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onChanged={refresh} />
          ))}
        </ul>
      )}
      {isPasskeySupported() ? (
        <AddPasskeyForm hasPassword={user.hasPassword} defaultName={list.length === 0 ? 'My passkey' : `Passkey ${list.length + 1}`} onAdded={refresh} />
      ) : (
        <p className="text-sm text-zinc-700">This browser cannot create passkeys.</p>
      )}
    </div>
  );
}

function AddPasskeyForm({ hasPassword, defaultName, onAdded }: { hasPassword: boolean; defaultName: string; onAdded: () => Promise<void> }) {
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState, reset, setError } = useForm<AddForm>({ resolver: zodResolver(addForm), defaultValues: { name: defaultName } });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    if (hasPassword && !values.password) {
      setError('password', { message: 'Enter your current password' });
      return;
    }
    try {
      await addPasskey({ name: values.name, password: hasPassword ? values.password : undefined });
      notify.success('Passkey added. You can sign in with it now.');
      reset({ name: '', password: '' });
      await onAdded();
    } catch (error) {
      setFormError(describePasskeyError(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a passkey">
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4 sm:max-w-md">
        <FormAlert message={formError} />
        <InputField label="Passkey name" required hint="So you can tell it apart, e.g. “Work laptop”." error={formState.errors.name?.message} {...register('name')} />
        {hasPassword ? (
          <InputField label="Current password" type="password" autoComplete="current-password" required error={formState.errors.password?.message} {...register('password')} />
        ) : null}
        <div>
          <Button type="submit" variant="secondary" isLoading={formState.isSubmitting}>
            Add a passkey
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function PasskeyRow({ passkey, onChanged }: { passkey: PasskeySummary; onChanged: () => Promise<void> }) {
  const [isRenaming, setIsRenaming] = useState(false);
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);
  const remove = useRemovePasskey({
    onSuccess: () => {
      setIsConfirmingRemoval(false);
      notify.success('Passkey removed.');
    },
    onError: () => notify.alert('Something went wrong. Please try again.'),
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
              {passkey.isSynced ? <span className="ml-2 rounded bg-zinc-100 px-2 py-0.5 text-xs text-zinc-800">Synced</span> : null}
            </p>
            <p className="text-zinc-700">
              Added {formatDate(passkey.createdAt)} · {passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'not used yet'}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" aria-label={`Rename ${passkey.name}`} onClick={() => setIsRenaming(true)}>
              Rename
            </Button>
            <Button variant="secondary" aria-label={`Remove ${passkey.name}`} onClick={() => setIsConfirmingRemoval(true)}>
              Remove
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={isConfirmingRemoval}
        onOpenChange={setIsConfirmingRemoval}
        title="Remove this passkey?"
        confirmLabel="Remove passkey"
        isDanger
        isBusy={remove.isPending}
        onConfirm={() => remove.mutate(passkey.id)}
      >
        “{passkey.name}” will no longer sign in to your account. The device keeps it until you delete it there too.
      </ConfirmDialog>
    </li>
  );
}

function RenameForm({ passkey, onDone, onCancel }: { passkey: PasskeySummary; onDone: () => Promise<void>; onCancel: () => void }) {
  const { register, handleSubmit, formState, setError } = useForm<{ name: string }>({
    resolver: zodResolver(z.object({ name: passkeyNameField })),
    defaultValues: { name: passkey.name },
  });
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await renamePasskey(passkey.id, name);
      await onDone();
    } catch {
      setError('name', { message: 'The name could not be saved. Try again.' });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-wrap items-end gap-2" aria-label={`Rename ${passkey.name}`}>
      <div className="min-w-48 flex-1">
        <InputField label="New name" required error={formState.errors.name?.message} {...register('name')} />
      </div>
      <Button type="submit" isLoading={formState.isSubmitting}>
        Save
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}
