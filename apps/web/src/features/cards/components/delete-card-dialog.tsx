import type { CardSummary } from '@cardstack/shared/cards/schemas';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useMessages } from '../../../lib/i18n/messages';
import { cardDisplayTitle } from '../card-paths';
import { cardsMessages } from '../messages';

/** Deleting a card asks for confirmation first: it removes the card and its files for good. */
export function DeleteCardDialog({
  card,
  onCancel,
  onConfirm,
  isBusy,
}: {
  card: CardSummary | null;
  onCancel: () => void;
  onConfirm: (card: CardSummary) => void;
  isBusy: boolean;
}) {
  const t = useMessages(cardsMessages);
  return (
    <ConfirmDialog
      open={card !== null}
      onOpenChange={(open) => {
        if (!open && !isBusy) onCancel();
      }}
      title={t('deleteTitle')}
      confirmLabel={t('deleteCard')}
      cancelLabel={t('cancel')}
      isDanger
      isBusy={isBusy}
      onConfirm={() => {
        if (card) onConfirm(card);
      }}
    >
      {card ? <p>{t('deleteText', { title: cardDisplayTitle(card, t('untitledCard')) })}</p> : null}
    </ConfirmDialog>
  );
}
