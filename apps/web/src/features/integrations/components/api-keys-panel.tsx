import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { apiScopeLabels, apiScopes, createApiKeyInput, integrationMessages, type ApiKeySummary, type CreateApiKeyInput } from '@cardstack/shared/integrations/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/input-field';
import { Spinner } from '../../../components/ui/spinner';
import { formErrorOf, showServerError } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useApiKeys, useCreateApiKey } from '../api/api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ShownOnceSecret } from './shown-once-secret';

const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Personal API keys: create (shown once), list with last use, revoke. Open on every plan. */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const createKey = useCreateApiKey();
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);

  const { register, control, handleSubmit, reset, setError, formState } = useForm<CreateApiKeyInput>({
    resolver: zodResolver(createApiKeyInput),
    defaultValues: { name: '', scopes: [...apiScopes] },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      const created = await createKey.mutateAsync(input);
      setShown({ name: created.key.name, token: created.token });
      reset({ name: '', scopes: input.scopes });
      notify.success(integrationMessages.keyCreated);
    } catch (error) {
      showServerError(error, setError, ['name', 'scopes']);
    }
  });
  const revoke = useRevokeApiKey({
    onSuccess: () => {
      setRevoking(null);
      notify.success(integrationMessages.keyRevoked);
    },
    onError: () => notify.alert('Something went wrong. Please try again.'),
  });

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Create an API key">
        <FormAlert message={formErrorOf(formState.errors)} />
        <InputField label="Key name" required error={formState.errors.name?.message} hint="For example the script or tool that will use it." {...register('name')} />
        <Controller
          control={control}
          name="scopes"
          render={({ field, fieldState }) => (
            <fieldset>
              <legend className="text-sm font-medium text-zinc-900">Permissions</legend>
              <div className="mt-2 flex flex-col gap-1">
                {apiScopes.map((scope) => (
                  <label key={scope} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={field.value.includes(scope)}
                      onChange={(event) => field.onChange(event.target.checked ? [...field.value, scope] : field.value.filter((entry) => entry !== scope))}
                    />
                    {apiScopeLabels[scope]} <code className="text-xs text-zinc-600">{scope}</code>
                  </label>
                ))}
              </div>
              {fieldState.error ? <p className="mt-1 text-sm text-red-700">{fieldState.error.message}</p> : null}
            </fieldset>
          )}
        />
        <div>
          <Button type="submit" isLoading={formState.isSubmitting}>
            Create API key
          </Button>
        </div>
      </form>

      {shown ? (
        <ShownOnceSecret
          heading={`Your new key “${shown.name}”. Copy it now: it is shown only once.`}
          label="New API key"
          secret={shown.token}
          canCopy
          onDone={() => setShown(null)}
        />
      ) : null}

      {keys.isPending ? (
        <Spinner className="h-5 w-5" label="Loading API keys" />
      ) : keys.isError ? (
        <p className="text-sm text-red-700">The API keys could not be loaded.</p>
      ) : keys.data.keys.length === 0 ? (
        <p className="text-sm text-zinc-700">No API keys yet.</p>
      ) : (
        <ul aria-label="API keys" className="divide-y divide-zinc-200">
          {keys.data.keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <div>
                <p className="font-semibold">
                  {key.name} <code className="text-xs font-normal text-zinc-600">{key.prefix}…</code>
                </p>
                <p className="text-zinc-700">
                  {key.scopes.join(', ')} · created {formatDate(key.createdAt)} · {key.lastUsedAt ? `last used ${formatDate(key.lastUsedAt)}` : 'never used'}
                </p>
              </div>
              <Button variant="secondary" aria-label={`Revoke ${key.name}`} onClick={() => setRevoking(key)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this API key?"
        confirmLabel="Revoke"
        isDanger
        isBusy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      >
        Anything using “{revoking?.name}” stops working at once, and the webhooks it created are removed.
      </ConfirmDialog>
    </div>
  );
}
