import { planTitles, type UserPlan } from '../plans/plans';

/** Spec §8: the exact texts of the cards area (toasts, dialogs and the duplicate errors). */
export const cardMessages = {
  created: 'Card created!',
  saved: 'Changes saved!',
  duplicated: 'Card duplicated!',
  duplicateFailed: 'Failed to duplicate the card. Please try again.',
  deleted: 'Card deleted!',
  setDefault: (title: string) => `Card ${title} is set to default`,
  /** Duplicate errors: the copy could not be written / no card id was given. */
  failedToWrite: 'Failed to write the document.',
  idRequiredToDuplicate: 'Document ID is required to duplicate the card.',
  notFound: 'Card not found.',
} as const;

/** Spec §9: "Toast auto-close: 5000 ms in the cards area". */
export const cardToastDurationMs = 5000;
/** Spec §9: "Listing limit 1000 cards". */
export const cardListLimit = 1000;

/** The error code of a create or duplicate refused by the plan's card limit (spec §4 "Card limit and blocking"). */
export const cardLimitErrorCode = 'card-limit';

/**
 * Why a card cannot be created: the allowance, named with its plan, and what to do about it. The spec gives no
 * text for this refusal; the paid-feature overlay the SPA shows beside it carries the spec's words.
 */
export function cardLimitMessage(plan: UserPlan, allowance: number): string {
  const cards = `${allowance} ${allowance === 1 ? 'card' : 'cards'}`;
  if (plan === 'team') return `Your Teams plan includes ${cards}. Choose a larger team size to create more cards.`;
  return `Your ${planTitles[plan]} plan includes ${cards}. Upgrade your plan to create more cards.`;
}
