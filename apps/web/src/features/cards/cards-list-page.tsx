import { useNavigate } from 'react-router';
import { cardMessages } from '@cardstack/shared/cards/messages';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSessionUser } from '../../lib/session';
import { PhysicalCardsPanel } from '../physical-cards/public';
import { useCreateCard } from './api/create-card';
import { useCards } from './api/list-cards';
import { cardDisplayTitle, cardEditorPath } from './card-paths';
import { CardGrid } from './components/card-grid';
import { CardLimitDialog } from './components/card-limit-dialog';
import { useCardLimit } from './use-card-limit';

/** The user's cards (/ and /customize): newest first, in pages, each with its actions. */
export default function CardsListPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const cards = useCards();
  const createCard = useCreateCard();
  // Creating and duplicating both add a card: the plan's allowance decides.
  const cardLimit = useCardLimit();

  async function create() {
    try {
      // A new card starts with the account's name and email; everything else is filled in the editor.
      const card = await createCard.mutateAsync({ name: user.displayName, email: user.email });
      notify.success(cardMessages.created);
      navigate(cardEditorPath(card.id));
    } catch (error) {
      notify.alert(error instanceof ApiError ? error.message : 'The card could not be created. Please try again.');
    }
  }

  const createButton = (
    <Button onClick={() => cardLimit.whenRoomForCard(() => void create())} isLoading={createCard.isPending}>
      Create card
    </Button>
  );

  let content;
  if (cards.isPending) {
    content = (
      <div className="mt-10 flex justify-center">
        <Spinner label="Loading your cards" />
      </div>
    );
  } else if (cards.isError) {
    content = <LoadError message="Your cards could not be loaded." onRetry={() => void cards.refetch()} className="mt-6" />;
  } else if (cards.data.length === 0) {
    content = (
      <EmptyState title={`You have no cards yet, ${user.displayName}.`} action={createButton}>
        Create your first digital business card and share it by link or QR code.
      </EmptyState>
    );
  } else {
    content = (
      <CardGrid
        cards={cards.data}
        pagesLabel="Cards pages"
        isBlocked={(card) => card.isBlocked}
        whenRoomForCard={cardLimit.whenRoomForCard}
      />
    );
  }

  return (
    <section aria-labelledby="cards-title">
      <PageHeader titleId="cards-title" title="My cards" actions={cards.data && cards.data.length > 0 ? createButton : null} />
      {content}
      <PhysicalCardsPanel cards={(cards.data ?? []).map((card) => ({ id: card.id, label: cardDisplayTitle(card) }))} />
      <CardLimitDialog {...cardLimit.dialogProps} />
    </section>
  );
}
