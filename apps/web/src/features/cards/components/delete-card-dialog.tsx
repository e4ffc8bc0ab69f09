import type { CardSummary } from '@cardstack/shared/cards/schemas';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { cardDisplayTitle } from '../card-paths';

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
  return (
    <ConfirmDialog
      open={card !== null}
      onOpenChange={(open) => {
        if (!open && !isBusy) onCancel();
      }}
      title="Delete this card?"
      confirmLabel="Delete card"
      isDanger
      isBusy={isBusy}
      onConfirm={() => {
        if (card) onConfirm(card);
      }}
    >
      {card ? (
        <p>
          “{cardDisplayTitle(card)}”, its public page and its files will be deleted. This cannot be undone.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
