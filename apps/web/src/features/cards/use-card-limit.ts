import { useState } from 'react';
import { useCardAccess } from '../billing/public';

/**
 * Whether the plan's card allowance leaves room for one more card of the user's own, and the
 * paid-feature dialog shown instead of creating or duplicating when it does not. While the answer is loading
 * (or failed) the action goes ahead: the server refuses it with the reason if the plan does not allow it.
 */
export function useCardLimit() {
  const access = useCardAccess();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const canCreateCard = access.data?.canCreateCard ?? true;
  return {
    canCreateCard,
    /** Runs `action` when the plan allows another card; otherwise opens the dialog. */
    whenRoomForCard(action: () => void) {
      if (canCreateCard) action();
      else setIsDialogOpen(true);
    },
    dialogProps: { open: isDialogOpen, onOpenChange: setIsDialogOpen, maxActiveCards: access.data?.maxActiveCards ?? null },
  };
}
