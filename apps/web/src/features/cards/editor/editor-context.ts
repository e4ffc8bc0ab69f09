import { useOutletContext } from 'react-router';
import type { Card } from '@cardstack/shared/cards/schemas';

/** What the editor page hands its tabs besides the form (which they reach with `useFormContext`). */
export interface CardEditorContext {
  /** The stored card: images and files change through their own uploads and show from here. */
  card: Card;
  /** Uploads and deletions save at once; the page keeps the stored card current with the answer. */
  onCardSaved: (card: Card) => void;
}

export function useCardEditorContext(): CardEditorContext {
  return useOutletContext<CardEditorContext>();
}
