import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createHookInput, webhookEvents, type CreateHookInput } from '@cardstack/shared/integrations/schemas';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/input-field';
import { Spinner } from '../../../components/ui/spinner';
import { formErrorOf, showServerError } from '../../../lib/form-errors';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useDeliveries } from '../api/webhook-deliveries';
import { useCreateWebhook, useWebhooks } from '../api/webhooks';
import { integrationsMessages } from '../messages';
import { ShownOnceSecret } from './shown-once-secret';

function Deliveries({ hookId }: { hookId: string }) {
  const t = useMessages(integrationsMessages);
  const format = useFormat();
  const deliveries = useDeliveries(hookId);
  if (deliveries.isPending) return <Spinner className="h-4 w-4" label={t('loadingDeliveries')} />;
  if (deliveries.isError) return <p className="text-sm text-red-700">{t('deliveriesNotLoaded')}</p>;
  if (deliveries.data.deliveries.length === 0) return <p className="text-sm text-zinc-700">{t('nothingSent')}</p>;
  return (
    <table className="mt-2 w-full text-start text-xs">
      <caption className="sr-only">{t('deliveries')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('when')}</th>
          <th scope="col">{t('event')}</th>
          <th scope="col">{t('status')}</th>
          <th scope="col">{t('attempts')}</th>
          <th scope="col">{t('lastAnswer')}</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.deliveries.map((delivery) => (
          <tr key={delivery.id}>
            <td>{format.dateTime(delivery.created_at)}</td>
            <td>{delivery.event}</td>
            <td>{t(`status.${delivery.status}`)}</td>
            <td>{format.number(delivery.attempts)}</td>
            <td>{delivery.last_status_code ?? delivery.last_error ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Webhook subscriptions: add a target for an event (its signing secret shown once), see deliveries, remove. */
export function WebhooksPanel() {
  const t = useMessages(integrationsMessages);
  const hooks = useWebhooks();
  const createHook = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const [openHook, setOpenHook] = useState<string | null>(null);

  const { register, handleSubmit, reset, setError, formState } = useForm<CreateHookInput>({
    resolver: zodResolver(createHookInput),
    defaultValues: { target_url: '', event: 'lead.created' },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      const created = await createHook.mutateAsync(input);
      setSecret(created.secret);
      reset({ target_url: '', event: input.event });
      notify.success(t('hookAdded'));
    } catch (error) {
      showServerError(error, setError, ['target_url', 'event']);
    }
  });
  const remove = useDeleteWebhook({
    onSuccess: () => notify.success(t('hookRemoved')),
    onError: () => notify.alert(t('somethingWrong')),
  });

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('addHookForm')}>
        <FormAlert message={formErrorOf(formState.errors)} />
        <InputField
          label={t('targetUrl')}
          required
          type="url"
          placeholder="https://example.com/hooks/cards"
          error={formState.errors.target_url?.message}
          {...register('target_url')}
        />
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('event')}
          <select className="rounded-lg border border-zinc-300 px-3 py-2 font-normal" {...register('event')}>
            {webhookEvents.map((name) => (
              <option key={name} value={name}>
                {name} — {t(`event.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <div>
          <Button type="submit" isLoading={formState.isSubmitting}>
            {t('addHook')}
          </Button>
        </div>
      </form>
      {secret ? (
        <ShownOnceSecret
          heading={t('signingSecretHeading')}
          label={t('signingSecret')}
          secret={secret}
          onDone={() => setSecret(null)}
        />
      ) : null}
      {hooks.isPending ? (
        <Spinner className="h-5 w-5" label={t('loadingHooks')} />
      ) : hooks.isError ? (
        <p className="text-sm text-red-700">{t('hooksNotLoaded')}</p>
      ) : hooks.data.hooks.length === 0 ? (
        <p className="text-sm text-zinc-700">{t('noHooks')}</p>
      ) : (
        <ul aria-label={t('webhooksTitle')} className="divide-y divide-zinc-200">
          {hooks.data.hooks.map((hook) => (
            <li key={hook.id} className="py-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p>
                  <span className="font-semibold">{hook.event}</span> <span className="inline-block rtl:-scale-x-100">→</span> <span className="break-all">{hook.target_url}</span>
                </p>
                <div className="flex gap-2">
                  <Button variant="ghost" aria-expanded={openHook === hook.id} onClick={() => setOpenHook(openHook === hook.id ? null : hook.id)}>
                    {t('deliveries')}
                  </Button>
                  <Button variant="secondary" aria-label={t('removeHookLabel', { event: hook.event, url: hook.target_url })} isLoading={remove.isPending && remove.variables === hook.id} onClick={() => remove.mutate(hook.id)}>
                    {t('remove')}
                  </Button>
                </div>
              </div>
              {openHook === hook.id ? <Deliveries hookId={hook.id} /> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
