import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CardListItem } from '@cardstack/shared/cards/schemas';
import { activationPath, assignPhysicalCardInput } from '@cardstack/shared/physical-cards/schemas';
import { AuthCard } from '../../components/ui/auth-card';
import { Button, buttonClass } from '../../components/ui/button';
import { FieldFrame } from '../../components/ui/field-frame';
import { FormAlert } from '../../components/ui/form-alert';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { richText } from '../../lib/i18n/rich-text';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useCards } from '../cards/public';
import { activatePreorder } from './api/activate-preorder';
import { physicalCardsQueryKey } from './api/physical-card-keys';
import { usePreorderStatus } from './api/preorder-status';
import { physicalCardMessages } from './messages';

/**
 * /activate/{preorderId}: where "Activate this card" on a new physical card's page leads. Signed out, it offers
 * sign-in or a new account and comes back here (with `?activate=1`, so the card is activated at once); signed
 * in, one button activates it: a new card opens in the editor with "Card activated successfully"; or the physical
 * card is linked to one of the person's cards ("Card successfully activated!", that card's editor).
 */
export function ActivatePage() {
  const t = useMessages(physicalCardMessages);
  const { preorderId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const status = usePreorderStatus(preorderId);
  const [error, setError] = useState<{ message: string; isCardLimit: boolean }>();
  const [isActivating, setIsActivating] = useState(false);
  const hasTriedAutomatically = useRef(false);
  const user = session.data;
  const preorder = status.data;

  const ownCards = useCards({ enabled: Boolean(session.data) });

  /** A new card from the pre-order, or (with `cardId`) the physical card linked to a card the person already has. */
  async function activate(cardId?: string) {
    setError(undefined);
    setIsActivating(true);
    try {
      const result = await activatePreorder(preorderId, cardId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['cards'] }),
        queryClient.invalidateQueries({ queryKey: physicalCardsQueryKey }),
      ]);
      notify.success(result.message);
      navigate(`/customize/edit/${encodeURIComponent(result.cardId)}`, { replace: true });
    } catch (caught) {
      const isCardLimit = caught instanceof ApiError && caught.code === 'card-limit';
      setError({ message: caught instanceof Error ? caught.message : t('activationFailed'), isCardLimit });
      setIsActivating(false);
    }
  }

  // Back from sign-in or registration: activate at once.
  useEffect(() => {
    if (user && preorder?.status === 'available' && params.get('activate') === '1' && !hasTriedAutomatically.current) {
      hasTriedAutomatically.current = true;
      void activate();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user, preorder, params]);

  if (session.isPending || status.isPending) return <FullScreenSpinner />;
  const home = (
    <Link className="font-semibold text-brand-700 underline" to="/">
      {t('goToApp')}
    </Link>
  );
  if (!preorder) {
    return (
      <AuthCard title={t('activate')} footer={home}>
        <FormAlert message={status.error instanceof Error ? status.error.message : t('unknown')} />
      </AuthCard>
    );
  }
  if (preorder.status === 'activated') {
    return (
      <AuthCard title={t('activate')} footer={home}>
        <FormAlert message={t('alreadyActivated')} />
      </AuthCard>
    );
  }
  const back = `${activationPath(preorderId)}?activate=1`;
  return (
    <AuthCard title={t('activate')} footer={home}>
      <p className="mb-4 text-zinc-700">
        {richText(t('ready', { productName: preorder.productName }), { product: (name) => <strong>{name}</strong> })}
      </p>
      <FormAlert message={error?.message} />
      {error?.isCardLimit ? (
        <Link className={buttonClass('secondary', 'mt-4 w-full')} to="/subscription">
          {t('upgradePlan')}
        </Link>
      ) : null}
      {user ? (
        <>
          <Button className="mt-4 w-full" isLoading={isActivating} onClick={() => void activate()}>
            {t('activate')}
          </Button>
          {ownCards.data && ownCards.data.length > 0 ? (
            <LinkToCardForm cards={ownCards.data} isActivating={isActivating} onLink={(cardId) => void activate(cardId)} />
          ) : null}
        </>
      ) : (
        <div className="mt-4 flex flex-col gap-3">
          <Link className={buttonClass('primary', 'w-full')} to={`/register?next=${encodeURIComponent(back)}`}>
            {t('createAccount')}
          </Link>
          <Link className={buttonClass('secondary', 'w-full')} to={`/login?next=${encodeURIComponent(back)}`}>
            {t('signIn')}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}

export default ActivatePage;

/** "Or let it open one of your cards": the physical card linked to a card the person already has. */
function LinkToCardForm({ cards, isActivating, onLink }: { cards: readonly CardListItem[]; isActivating: boolean; onLink: (cardId: string) => void }) {
  const t = useMessages(physicalCardMessages);
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(assignPhysicalCardInput), defaultValues: { cardId: cards[0]!.id } });
  return (
    <form className="mt-6 flex flex-col gap-3 border-t border-zinc-200 pt-4" onSubmit={handleSubmit(({ cardId }) => onLink(cardId))} noValidate>
      <FieldFrame label={t('linkToCard')} error={formState.errors.cardId?.message}>
        {(control) => (
          <select {...control} {...register('cardId')}>
            {cards.map((card) => (
              <option key={card.id} value={card.id}>
                {card.title || card.name || t('untitledCard')}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <Button type="submit" variant="secondary" disabled={isActivating}>
        {t('useThisCard')}
      </Button>
    </form>
  );
}
