import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { CardSummary } from '@cardstack/shared/cards/schemas';
import { paginate } from '../../../components/ui/paginate';
import { Pagination } from '../../../components/ui/pagination';
import { useCardActions } from '../use-card-actions';
import { CardTile } from './card-tile';
import { DeleteCardDialog } from './delete-card-dialog';

const pageSize = 12;

// Its own chunk, loaded when a signature is first asked for: the list (and the first screen) stay as light.
const EmailSignatureDialog = lazy(() => import('../signature/email-signature-dialog'));

/**
 * A page of cards (the page is in the address, ?page=2) as tiles with their actions: copy link, duplicate,
 * the email signature, set as default, and delete after a confirmation. The user's own list and the team's list both show this.
 */
export function CardGrid<C extends CardSummary>({
  cards,
  label,
  pagesLabel,
  editorPath,
  isBlocked,
  caption,
  whenRoomForCard = (add) => add(),
  onChanged,
}: {
  cards: readonly C[];
  /** The list's accessible name, when the heading above it does not name it already. */
  label?: string;
  pagesLabel: string;
  editorPath?: (cardId: string) => string;
  isBlocked?: (card: C) => boolean;
  /** A line above each tile. */
  caption?: (card: C) => ReactNode;
  /** Duplicating adds a card: the plan's allowance decides whether it goes ahead. */
  whenRoomForCard?: (add: () => void) => void;
  /** After a duplicate or a new default, for lists the cards feature does not load itself. */
  onChanged?: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const actions = useCardActions();
  const [cardToDelete, setCardToDelete] = useState<CardSummary | null>(null);
  const [signatureCardId, setSignatureCardId] = useState<string | null>(null);
  const current = paginate(cards, Number(params.get('page') ?? '1'), pageSize);

  return (
    <>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
        {current.items.map((card) => (
          <li key={card.id} className={caption ? 'flex flex-col gap-2' : undefined}>
            {caption?.(card)}
            <CardTile
              card={card}
              editorPath={editorPath}
              isBlocked={isBlocked?.(card)}
              actions={{
                isBusy: actions.isDuplicating || actions.isSettingDefault || actions.isDeleting,
                onCopyLink: (target) => void actions.copyLink(target),
                onEmailSignature: (target) => setSignatureCardId(target.id),
                onSetDefault: (target) => void actions.setDefault(target).then(onChanged),
                onDelete: setCardToDelete,
                onDuplicate: (target) =>
                  whenRoomForCard(
                    () =>
                      void actions.duplicate(target).then((isDone) => {
                        onChanged?.();
                        // The copy is the newest card: it is listed first.
                        if (isDone && params.has('page')) setParams({});
                      }),
                  ),
              }}
            />
          </li>
        ))}
      </ul>
      <Pagination page={current.page} pageCount={current.pageCount} label={pagesLabel} />
      {signatureCardId ? (
        <Suspense fallback={null}>
          <EmailSignatureDialog cardId={signatureCardId} onClose={() => setSignatureCardId(null)} />
        </Suspense>
      ) : null}
      <DeleteCardDialog
        card={cardToDelete}
        isBusy={actions.isDeleting}
        onCancel={() => setCardToDelete(null)}
        onConfirm={(card) =>
          void actions.remove(card).then((isDone) => {
            if (isDone) setCardToDelete(null);
          })
        }
      />
    </>
  );
}
