import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createHookInput, webhookEventLabels, webhookEvents, type CreateHookInput } from '@cardstack/shared/integrations/schemas';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/input-field';
import { Spinner } from '../../../components/ui/spinner';
import { formErrorOf, showServerError } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useDeliveries } from '../api/webhook-deliveries';
import { useCreateWebhook, useWebhooks } from '../api/webhooks';
import { ShownOnceSecret } from './shown-once-secret';

const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Deliveries({ hookId }: { hookId: string }) {
  const deliveries = useDeliveries(hookId);
  if (deliveries.isPending) return <Spinner className="h-4 w-4" label="Loading deliveries" />;
  if (deliveries.isError) return <p className="text-sm text-red-700">The deliveries could not be loaded.</p>;
  if (deliveries.data.deliveries.length === 0) return <p className="text-sm text-zinc-700">Nothing sent yet.</p>;
  return (
    <table className="mt-2 w-full text-left text-xs">
      <caption className="sr-only">Deliveries</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last answer</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.deliveries.map((delivery) => (
          <tr key={delivery.id}>
            <td>{formatDate(delivery.created_at)}</td>
            <td>{delivery.event}</td>
            <td>{delivery.status}</td>
            <td>{delivery.attempts}</td>
            <td>{delivery.last_status_code ?? delivery.last_error ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Webhook subscriptions: add a target for an event (its signing secret shown once), see deliveries, remove. */
export function WebhooksPanel() {
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
      notify.success('Webhook added.');
    } catch (error) {
      showServerError(error, setError, ['target_url', 'event']);
    }
  });
  const remove = useDeleteWebhook({
    onSuccess: () => notify.success('Webhook removed.'),
    onError: () => notify.alert('Something went wrong. Please try again.'),
  });

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Add a webhook">
        <FormAlert message={formErrorOf(formState.errors)} />
        <InputField
          label="Target URL"
          required
          type="url"
          placeholder="https://example.com/hooks/cards"
          error={formState.errors.target_url?.message}
          {...register('target_url')}
        />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Event
          <select className="rounded-lg border border-zinc-300 px-3 py-2 font-normal" {...register('event')}>
            {webhookEvents.map((name) => (
              <option key={name} value={name}>
                {name} — {webhookEventLabels[name]}
              </option>
            ))}
          </select>
        </label>
        <div>
          <Button type="submit" isLoading={formState.isSubmitting}>
            Add webhook
          </Button>
        </div>
      </form>
      {secret ? (
        <ShownOnceSecret
          heading="Signing secret (Standard Webhooks). Copy it now: it is shown only once."
          label="Signing secret"
          secret={secret}
          onDone={() => setSecret(null)}
        />
      ) : null}
      {hooks.isPending ? (
        <Spinner className="h-5 w-5" label="Loading webhooks" />
      ) : hooks.isError ? (
        <p className="text-sm text-red-700">The webhooks could not be loaded.</p>
      ) : hooks.data.hooks.length === 0 ? (
        <p className="text-sm text-zinc-700">No webhooks yet.</p>
      ) : (
        <ul aria-label="Webhooks" className="divide-y divide-zinc-200">
          {hooks.data.hooks.map((hook) => (
            <li key={hook.id} className="py-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p>
                  <span className="font-semibold">{hook.event}</span> → <span className="break-all">{hook.target_url}</span>
                </p>
                <div className="flex gap-2">
                  <Button variant="ghost" aria-expanded={openHook === hook.id} onClick={() => setOpenHook(openHook === hook.id ? null : hook.id)}>
                    Deliveries
                  </Button>
                  <Button variant="secondary" aria-label={`Remove webhook ${hook.event} to ${hook.target_url}`} isLoading={remove.isPending && remove.variables === hook.id} onClick={() => remove.mutate(hook.id)}>
                    Remove
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
