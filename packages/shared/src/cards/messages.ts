import { planTitles, type UserPlan } from '../plans/plans';

/** The exact texts of the cards area (toasts, dialogs and the duplicate errors). */
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

/** Toasts in the cards area close by themselves after 5 seconds. */
export const cardToastDurationMs = 5000;
/** A card list holds at most 1000 cards. */
export const cardListLimit = 1000;

/** The error code of a create or duplicate refused by the plan's card limit. */
export const cardLimitErrorCode = 'card-limit';

/**
 * Why a card cannot be created: the allowance, named with its plan, and what to do about it. The product has no
 * wording of its own for this refusal; the paid-feature overlay the SPA shows beside it carries the product's.
 */
export function cardLimitMessage(plan: UserPlan, allowance: number): string {
  const cards = `${allowance} ${allowance === 1 ? 'card' : 'cards'}`;
  if (plan === 'team') return `Your Teams plan includes ${cards}. Choose a larger team size to create more cards.`;
  return `Your ${planTitles[plan]} plan includes ${cards}. Upgrade your plan to create more cards.`;
}
