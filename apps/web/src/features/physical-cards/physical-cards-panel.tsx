import type { PhysicalCardScope, PhysicalCardSummary } from '@cardstack/shared/physical-cards/schemas';
import { Button } from '../../components/ui/button';
import { FieldFrame } from '../../components/ui/field-frame';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { useAssignPhysicalCard } from './api/assign-physical-card';
import { usePhysicalCards } from './api/list-physical-cards';
import { useSetPhysicalCardState } from './api/set-physical-card-state';
import { physicalCardMessages } from './messages';

interface CardChoice {
  id: string;
  label: string;
}

/**
 * Physical NFC cards under a cards list: which card each opens, a move to another card of the list, and
 * switching it off (taps then show a neutral page) or on. The address on the chip never changes. `own` under
 * "My cards"; `team` under the team cards, where a manager hands a leaver's card to a successor's card. Shown
 * only when there are physical cards.
 */
export function PhysicalCardsPanel({ cards, scope = 'own' }: { cards: readonly CardChoice[]; scope?: PhysicalCardScope }) {
  const physicalCards = usePhysicalCards(scope);
  // The list loads its messages only when there is something to show: no wait for a language's catalog otherwise.
  return physicalCards.data?.length ? <PhysicalCardsList cards={cards} physicalCards={physicalCards.data} /> : null;
}

function PhysicalCardsList({ cards, physicalCards }: { cards: readonly CardChoice[]; physicalCards: readonly PhysicalCardSummary[] }) {
  const t = useMessages(physicalCardMessages);
  const ui = { onSuccess: ({ message }: { message: string }) => notify.success(message), onError: (error: Error) => notify.alert(error.message) };
  const assign = useAssignPhysicalCard(ui);
  const setState = useSetPhysicalCardState(ui);
  const labelOf = (card: PhysicalCardSummary) => cards.find((choice) => choice.id === card.cardId)?.label ?? t('anotherCard');
  return (
    <section aria-labelledby="physical-cards-title" className="mt-10 flex flex-col gap-3">
      <h2 id="physical-cards-title" className="text-xl font-bold">
        {t('panelTitle')}
      </h2>
      <ul className="flex flex-col gap-3">
        {physicalCards.map((card) => (
          <li key={card.id} className="flex flex-wrap items-end gap-4 rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
            <div className="min-w-48 flex-1">
              <p className="font-semibold">{card.productName}</p>
              <p className="text-sm text-zinc-700">
                {card.isDeactivated ? t('switchedOff') : t('opens', { card: labelOf(card) })} · <span className="break-all">{card.url}</span>
              </p>
            </div>
            <FieldFrame label={t('cardThatOpens', { productName: card.productName })}>
              {(control) => (
                <select {...control} value={card.cardId} onChange={(event) => assign.mutate({ id: card.id, cardId: event.target.value })}>
                  {cards.some((choice) => choice.id === card.cardId) ? null : <option value={card.cardId}>{labelOf(card)}</option>}
                  {cards.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
            <Button variant="secondary" onClick={() => setState.mutate({ id: card.id, isDeactivated: !card.isDeactivated })}>
              {card.isDeactivated ? t('switchOn') : t('switchOff')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
