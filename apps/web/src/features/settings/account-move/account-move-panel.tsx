import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountMoveInput, type AccountMove, type AccountMoveInput } from '@cardstack/shared/account/account-move-settings';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useAccountMove, useMoveAccount, useUndoAccountMove } from '../api/account-move';
import { applyServerError } from '../apply-server-error';
import { SettingsPanel } from '../components/settings-panel';
import { accountMoveMessages } from './account-move-messages';

/**
 * Settings → General, "This account moved": the owner names the server the account moved to (after importing
 * the data there); this server asks it where each card went and from then on sends each moved card's addresses
 * — links, QR codes, NFC chips, wallet passes — there. Shows which cards moved and where, the cards the new
 * server does not know, and undoes it.
 */
export function AccountMovePanel() {
  const t = useMessages(accountMoveMessages);
  const move = useAccountMove();
  return (
    <SettingsPanel title={t('title')} description={t('description')}>
      {move.isPending ? (
        <Spinner className="h-5 w-5" label={t('loading')} />
      ) : move.isError ? (
        <p className="text-sm text-red-700">{t('notLoaded')}</p>
      ) : move.data.move ? (
        <MovedAccount move={move.data.move} />
      ) : (
        <MoveForm />
      )}
    </SettingsPanel>
  );
}

function MoveForm({ address = '', submitLabel }: { address?: string; submitLabel?: string }) {
  const t = useMessages(accountMoveMessages);
  const form = useForm<AccountMoveInput>({ resolver: zodResolver(accountMoveInput), defaultValues: { address } });
  const moving = useMoveAccount({ onSuccess: () => notify.success(t('moved')) });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await moving.mutateAsync(values);
    } catch (error) {
      applyServerError(error, ['address'] as const, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={form.formState.isSubmitting} className="flex max-w-md flex-col gap-4">
        <InputField
          label={t('addressLabel')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://cards.example.com"
          hint={t('addressHint')}
          required
          error={form.formState.errors.address?.message}
          {...form.register('address')}
        />
        <div>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {submitLabel ?? t('submit')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function MovedAccount({ move }: { move: AccountMove }) {
  const t = useMessages(accountMoveMessages);
  const format = useFormat();
  const undo = useUndoAccountMove({ onSuccess: () => notify.success(t('undone')), onError: () => notify.alert(t('somethingWentWrong')) });
  const cardName = (card: { title: string; name: string }) => [card.title, card.name].filter(Boolean).join(' · ') || t('untitledCard');
  return (
    <div className="flex flex-col gap-5">
      <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
        {t('movedTo', { address: move.address, movedAt: format.dateTime(move.movedAt) })}
      </p>
      <section aria-label={t('movedCardsTitle')}>
        <h3 className="text-sm font-semibold">{t('movedCardsTitle')}</h3>
        <ul className="mt-2 divide-y divide-zinc-200 text-sm">
          {move.cards.map((card) => (
            <li key={card.cardId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>{cardName(card)}</span>
              <a href={card.to} className="break-all text-sky-800 underline" rel="noreferrer" target="_blank">
                {card.to}
              </a>
            </li>
          ))}
        </ul>
      </section>
      {move.notFound.length > 0 ? (
        <section aria-label={t('notFoundTitle')}>
          <h3 className="text-sm font-semibold">{t('notFoundTitle')}</h3>
          <p className="mt-1 text-sm text-zinc-700">{t('notFoundHint')}</p>
          <ul className="mt-2 list-disc ps-5 text-sm">
            {move.notFound.map((card) => (
              <li key={card.cardId}>{cardName(card)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <MoveForm address={move.address} submitLabel={t('checkAgain')} />
      <div>
        <Button variant="secondary" isLoading={undo.isPending} onClick={() => undo.mutate(undefined)}>
          {t('undo')}
        </Button>
      </div>
    </div>
  );
}
