import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { useSessionUser } from '../../lib/session';
import { PhysicalCardsPanel } from '../physical-cards/public';
import { useOffline } from '../../lib/offline/use-offline';
import { useCreateCard } from './api/create-card';
import { useCards } from './api/list-cards';
import { cardDisplayTitle, cardEditorPath } from './card-paths';
import { CardGrid } from './components/card-grid';
import { CardLimitDialog } from './components/card-limit-dialog';
import { cardsMessages } from './messages';
import { useCardLimit } from './use-card-limit';

/** The user's cards (/ and /customize): newest first, in pages, each with its actions. */
export default function CardsListPage() {
  const t = useMessages(cardsMessages);
  const user = useSessionUser();
  const navigate = useNavigate();
  const cards = useCards();
  const createCard = useCreateCard();
  // Offline the list is the last one kept (docs/offline.md): read-only.
  const isOffline = useOffline();
  // Creating and duplicating both add a card: the plan's allowance decides.
  const cardLimit = useCardLimit();

  async function create() {
    try {
      // A new card starts with the account's name and email; everything else is filled in the editor.
      const card = await createCard.mutateAsync({ name: user.displayName, email: user.email });
      notify.success(t('created'));
      navigate(cardEditorPath(card.id));
    } catch (error) {
      notify.alert(error instanceof ApiError ? error.message : t('createFailed'));
    }
  }

  const createButton = (
    <Button onClick={() => cardLimit.whenRoomForCard(() => void create())} isLoading={createCard.isPending} disabled={isOffline}>
      {t('createCard')}
    </Button>
  );

  let content;
  if (cards.isPending) {
    content = (
      <div className="mt-10 flex justify-center">
        <Spinner label={t('loadingCards')} />
      </div>
    );
  } else if (cards.isError) {
    content = <LoadError message={t('loadFailed')} onRetry={() => void cards.refetch()} className="mt-6" />;
  } else if (cards.data.length === 0) {
    content = (
      <EmptyState title={t('noCardsTitle', { name: user.displayName })} action={createButton}>
        {t('noCardsText')}
      </EmptyState>
    );
  } else {
    content = (
      <CardGrid
        cards={cards.data}
        pagesLabel={t('cardsPages')}
        isBlocked={(card) => card.isBlocked}
        whenRoomForCard={cardLimit.whenRoomForCard}
      />
    );
  }

  return (
    <section aria-labelledby="cards-title">
      <PageHeader titleId="cards-title" title={t('myCards')} actions={cards.data && cards.data.length > 0 ? createButton : null} />
      {content}
      <PhysicalCardsPanel cards={(cards.data ?? []).map((card) => ({ id: card.id, label: cardDisplayTitle(card, t('untitledCard')) }))} />
      <CardLimitDialog {...cardLimit.dialogProps} />
    </section>
  );
}
