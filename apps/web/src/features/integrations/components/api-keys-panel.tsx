import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { apiScopes, createApiKeyInput, type ApiKeySummary, type CreateApiKeyInput } from '@cardstack/shared/integrations/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/input-field';
import { Spinner } from '../../../components/ui/spinner';
import { formErrorOf, showServerError } from '../../../lib/form-errors';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useApiKeys, useCreateApiKey } from '../api/api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { integrationsMessages } from '../messages';
import { useValidationText } from '../../../lib/validation-messages';
import { ShownOnceSecret } from './shown-once-secret';

/** Personal API keys: create (shown once), list with last use, revoke. Open on every plan. */
export function ApiKeysPanel() {
  const t = useMessages(integrationsMessages);
  const words = useValidationText();
  const format = useFormat();
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
      notify.success(t('keyCreated'));
    } catch (error) {
      showServerError(error, setError, ['name', 'scopes']);
    }
  });
  const revoke = useRevokeApiKey({
    onSuccess: () => {
      setRevoking(null);
      notify.success(t('keyRevoked'));
    },
    onError: () => notify.alert(t('somethingWrong')),
  });

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('createKeyForm')}>
        <FormAlert message={formErrorOf(formState.errors)} />
        <InputField label={t('keyName')} required error={formState.errors.name?.message} hint={t('keyNameHint')} {...register('name')} />
        <Controller
          control={control}
          name="scopes"
          render={({ field, fieldState }) => (
            <fieldset>
              <legend className="text-sm font-medium text-zinc-900">{t('permissions')}</legend>
              <div className="mt-2 flex flex-col gap-1">
                {apiScopes.map((scope) => (
                  <label key={scope} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={field.value.includes(scope)}
                      onChange={(event) => field.onChange(event.target.checked ? [...field.value, scope] : field.value.filter((entry) => entry !== scope))}
                    />
                    {t(`scope.${scope}`)} <code className="text-xs text-zinc-600">{scope}</code>
                  </label>
                ))}
              </div>
              {fieldState.error ? <p className="mt-1 text-sm text-red-700">{words(fieldState.error.message)}</p> : null}
            </fieldset>
          )}
        />
        <div>
          <Button type="submit" isLoading={formState.isSubmitting}>
            {t('createKey')}
          </Button>
        </div>
      </form>

      {shown ? (
        <ShownOnceSecret
          heading={t('newKeyHeading', { name: shown.name })}
          label={t('newKeyLabel')}
          secret={shown.token}
          canCopy
          onDone={() => setShown(null)}
        />
      ) : null}

      {keys.isPending ? (
        <Spinner className="h-5 w-5" label={t('loadingKeys')} />
      ) : keys.isError ? (
        <p className="text-sm text-red-700">{t('keysNotLoaded')}</p>
      ) : keys.data.keys.length === 0 ? (
        <p className="text-sm text-zinc-700">{t('noKeys')}</p>
      ) : (
        <ul aria-label={t('apiKeysTitle')} className="divide-y divide-zinc-200">
          {keys.data.keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <div>
                <p className="font-semibold">
                  {key.name} <code className="text-xs font-normal text-zinc-600">{key.prefix}…</code>
                </p>
                <p className="text-zinc-700">
                  {key.lastUsedAt
                    ? t('keyUsed', { scopes: key.scopes.join(', '), created: format.dateTime(key.createdAt), lastUsed: format.dateTime(key.lastUsedAt) })
                    : t('keyNeverUsed', { scopes: key.scopes.join(', '), created: format.dateTime(key.createdAt) })}
                </p>
              </div>
              <Button variant="secondary" aria-label={t('revokeKeyLabel', { name: key.name })} onClick={() => setRevoking(key)}>
                {t('revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('revokeTitle')}
        cancelLabel={t('cancel')}
        confirmLabel={t('revoke')}
        isDanger
        isBusy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      >
        {t('revokeText', { name: revoking?.name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
