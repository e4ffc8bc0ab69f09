import { useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { imagePositionCss, imageUploadAccept, maxImageUploadBytes, type ImageSlot } from '@cardstack/shared/cards/images';
import type { CardImage } from '@cardstack/shared/cards/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { ApiError } from '../../../lib/api-client';
import { removeCardImage, uploadCardImage } from '../api/cards-api';
import { UploadProgress } from '../components/upload-progress';
import type { CardEditorValues } from './card-form';
import { useCardEditorContext } from './editor-context';
import { PositionPicker } from './position-picker';

const slotTexts: Record<ImageSlot, { name: string; field: 'coverImage' | 'profilePicture' }> = {
  cover: { name: 'Cover image', field: 'coverImage' },
  profile: { name: 'Profile picture', field: 'profilePicture' },
};

const imageTooLargeMessage = 'The image is larger than 10 MB.';

/** One of the card's two images: upload (saved at once, with progress), remove, alt text and position. */
export function ImageSetting({ slot, image }: { slot: ImageSlot; image: CardImage }) {
  const { card, onCardSaved } = useCardEditorContext();
  const { register, getFieldState, formState } = useFormContext<CardEditorValues>();
  const texts = slotTexts[slot];
  const position = useWatch<CardEditorValues, `${typeof texts.field}.position`>({ name: `${texts.field}.position` });
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const [error, setError] = useState<string>();

  async function upload(file: File) {
    setError(undefined);
    if (file.size > maxImageUploadBytes) {
      setError(imageTooLargeMessage);
      return;
    }
    setProgress(0);
    try {
      onCardSaved(await uploadCardImage(card.id, slot, file, setProgress));
    } catch (uploadError) {
      setError(uploadError instanceof ApiError ? uploadError.message : 'The upload failed. Please try again.');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setError(undefined);
    setIsRemoving(true);
    try {
      onCardSaved(await removeCardImage(card.id, slot));
    } catch (removeError) {
      setError(removeError instanceof ApiError ? removeError.message : 'The image could not be removed. Please try again.');
    } finally {
      setIsRemoving(false);
    }
  }

  const altError = getFieldState(`${texts.field}.alt`, formState).error?.message;
  const isBusy = progress !== null || isRemoving;
  const isCover = slot === 'cover';

  return (
    <div className="flex flex-col gap-4 border-t border-zinc-200 pt-4 first:border-t-0 first:pt-0">
      <h3 className="font-semibold">{texts.name}</h3>
      <div className="flex flex-wrap items-start gap-4">
        {image.url ? (
          <img
            src={image.url}
            alt=""
            className={isCover ? 'h-20 w-48 rounded-lg object-cover' : 'h-20 w-20 rounded-full object-cover'}
            style={{ objectPosition: imagePositionCss[position] ?? 'center' }}
          />
        ) : (
          <span
            aria-hidden="true"
            className={`flex items-center justify-center bg-zinc-100 text-xs text-zinc-600 ${isCover ? 'h-20 w-48 rounded-lg' : 'h-20 w-20 rounded-full'}`}
          >
            No image
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium text-zinc-800">
            {image.url ? `Replace ${texts.name.toLowerCase()}` : `Upload ${texts.name.toLowerCase()}`}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={imageUploadAccept}
            disabled={isBusy}
            aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
            className="max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
          />
          <p id={`${inputId}-hint`} className="text-xs text-zinc-600">
            JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB.
          </p>
          {progress !== null ? <UploadProgress label={`${texts.name} upload progress`} fraction={progress} /> : null}
          {error ? (
            <p id={`${inputId}-error`} className="text-sm text-red-700" role="alert">
              {error}
            </p>
          ) : null}
          {image.url ? (
            <Button variant="ghost" className="self-start text-red-700" onClick={() => void remove()} isLoading={isRemoving} disabled={isBusy}>
              Remove {texts.name.toLowerCase()}
            </Button>
          ) : null}
        </div>
      </div>
      <InputField
        label={`${texts.name} alt text`}
        hint="Describes the image for people who cannot see it."
        error={altError}
        {...register(`${texts.field}.alt`)}
      />
      <PositionPicker name={`${texts.field}.position`} legend={`${texts.name} position`} />
    </div>
  );
}
