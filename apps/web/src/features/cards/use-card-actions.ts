import { useNavigate } from 'react-router';
import { cardLimitErrorCode } from '@cardstack/shared/cards/messages';
import type { CardSummary } from '@cardstack/shared/cards/schemas';
import { ApiError } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { useSessionUser } from '../../lib/session';
import { useDeleteCard } from './api/delete-card';
import { useDuplicateCard } from './api/duplicate-card';
import { useSetDefaultCard } from './api/set-default-card';
import { cardDisplayTitle, cardsListPathAfterDelete, publicCardUrl } from './card-paths';
import { cardsMessages } from './messages';

/** The card actions of the list and the editor, each with its toast and where it navigates afterwards. */
export function useCardActions() {
  const t = useMessages(cardsMessages);
  const navigate = useNavigate();
  const user = useSessionUser();
  const duplicateMutation = useDuplicateCard();
  const setDefaultMutation = useSetDefaultCard();
  const deleteMutation = useDeleteCard();

  const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : t('somethingWentWrong'));

  async function duplicate(card: CardSummary): Promise<boolean> {
    try {
      await duplicateMutation.mutateAsync(card.id);
      notify.success(t('duplicated'));
      return true;
    } catch (error) {
      // Refused by the plan's card limit: nothing failed, the reason (and the way out) is the message.
      if (error instanceof ApiError && error.code === cardLimitErrorCode) notify.alert(error.message);
      // Whatever failed, the copy was rolled back and this is what the person is told.
      else notify.alert(t('duplicateFailed'));
      return false;
    }
  }

  async function setDefault(card: CardSummary): Promise<void> {
    try {
      await setDefaultMutation.mutateAsync(card.id);
      notify.success(t('setDefault', { title: cardDisplayTitle(card, t('untitledCard')) }));
    } catch (error) {
      notify.alert(messageOf(error));
    }
  }

  async function remove(card: CardSummary): Promise<boolean> {
    try {
      await deleteMutation.mutateAsync(card.id);
    } catch (error) {
      notify.alert(messageOf(error));
      return false;
    }
    // "Card deleted!" is shown as an alert toast, not a success one.
    notify.alert(t('deleted'));
    navigate(cardsListPathAfterDelete(card.ownerId !== user.id));
    return true;
  }

  async function copyLink(card: CardSummary): Promise<void> {
    try {
      await navigator.clipboard.writeText(publicCardUrl(card.username));
      notify.success(t('linkCopied'));
    } catch {
      notify.alert(t('linkNotCopied'));
    }
  }

  return {
    duplicate,
    setDefault,
    remove,
    copyLink,
    isDuplicating: duplicateMutation.isPending,
    isSettingDefault: setDefaultMutation.isPending,
    isDeleting: deleteMutation.isPending,
  };
}
