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
