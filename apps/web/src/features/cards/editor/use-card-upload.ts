import { useState } from 'react';
import type { Card } from '@cardstack/shared/cards/schemas';
import { useFileUpload } from '../../../components/ui/use-file-upload';
import { ApiError } from '../../../lib/api-client';
import { useCardEditorContext } from './editor-context';

/**
 * One upload setting of the editor (an image, the downloadable files): uploads and removals save at once and
 * answer the stored card, which the page then shows; a failure of either is the setting's one error line.
 * `removingKey` names what is being removed (the image slot, the file's id) until the server answers.
 */
export function useCardUpload({
  upload,
  remove,
  removeFailedMessage,
  tooLarge,
}: {
  upload: (cardId: string, file: File, onProgress: (fraction: number) => void) => Promise<Card>;
  remove: (cardId: string, key: string) => Promise<Card>;
  removeFailedMessage: string;
  tooLarge: { bytes: number; message: string };
}) {
  const { card, onCardSaved } = useCardEditorContext();
  const fileUpload = useFileUpload({ send: async (file, onProgress) => onCardSaved(await upload(card.id, file, onProgress)), tooLarge });
  const [removingKey, setRemovingKey] = useState<string | null>(null);

  async function removeFromCard(key: string) {
    fileUpload.setError(undefined);
    setRemovingKey(key);
    try {
      onCardSaved(await remove(card.id, key));
    } catch (removeError) {
      fileUpload.setError(removeError instanceof ApiError ? removeError.message : removeFailedMessage);
    } finally {
      setRemovingKey(null);
    }
  }

  return { ...fileUpload, removingKey, remove: removeFromCard };
}
