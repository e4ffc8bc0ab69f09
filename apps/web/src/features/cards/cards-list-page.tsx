import { useNavigate } from 'react-router';
import { cardMessages } from '@cardstack/shared/cards/messages';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSessionUser } from '../../lib/session';
import { PhysicalCardsPanel } from '../physical-cards/public';
import { useCards, useCreateCard } from './api/cards-api';
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
    content = (
      <div role="alert" className="mt-6 rounded-2xl bg-white p-8 text-center ring-1 ring-zinc-200">
        <p className="font-semibold">Your cards could not be loaded.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void cards.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (cards.data.length === 0) {
    content = (
      <div className="mt-6 rounded-2xl border border-dashed border-zinc-300 bg-white p-10 text-center">
        <p className="text-lg font-semibold">You have no cards yet, {user.displayName}.</p>
        <p className="mt-2 text-zinc-700">Create your first digital business card and share it by link or QR code.</p>
        <div className="mt-6">{createButton}</div>
      </div>
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
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="cards-title" className="text-2xl font-bold">
          My cards
        </h1>
        {cards.data && cards.data.length > 0 ? createButton : null}
      </div>
      {content}
      <PhysicalCardsPanel cards={(cards.data ?? []).map((card) => ({ id: card.id, label: cardDisplayTitle(card) }))} />
      <CardLimitDialog {...cardLimit.dialogProps} />
    </section>
  );
}
