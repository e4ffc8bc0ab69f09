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
