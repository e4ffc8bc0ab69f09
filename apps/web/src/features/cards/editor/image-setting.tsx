import { useFormContext, useWatch } from 'react-hook-form';
import { imagePositionCss, imageUploadAccept, maxImageUploadBytes, type ImageSlot } from '@cardstack/shared/cards/images';
import type { CardImage } from '@cardstack/shared/cards/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { removeCardImage, uploadCardImage } from '../api/card-images';
import type { CardEditorValues } from './card-form';
import { PositionPicker } from './position-picker';
import { UploadField } from './upload-field';
import { useCardUpload } from './use-card-upload';

const slotTexts: Record<ImageSlot, { name: string; field: 'coverImage' | 'profilePicture' }> = {
  cover: { name: 'Cover image', field: 'coverImage' },
  profile: { name: 'Profile picture', field: 'profilePicture' },
};

const imageTooLargeMessage = 'The image is larger than 10 MB.';

/** One of the card's two images: upload (saved at once, with progress), remove, alt text and position. */
export function ImageSetting({ slot, image }: { slot: ImageSlot; image: CardImage }) {
  const { register, getFieldState, formState } = useFormContext<CardEditorValues>();
  const texts = slotTexts[slot];
  const position = useWatch<CardEditorValues, `${typeof texts.field}.position`>({ name: `${texts.field}.position` });
  const imageUpload = useCardUpload({
    upload: (cardId, file, onProgress) => uploadCardImage(cardId, slot, file, onProgress),
    remove: (cardId) => removeCardImage(cardId, slot),
    removeFailedMessage: 'The image could not be removed. Please try again.',
    tooLarge: { bytes: maxImageUploadBytes, message: imageTooLargeMessage },
  });

  const altError = getFieldState(`${texts.field}.alt`, formState).error?.message;
  const isRemoving = imageUpload.removingKey !== null;
  const isBusy = imageUpload.progress !== null || isRemoving;
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
        <UploadField
          label={image.url ? `Replace ${texts.name.toLowerCase()}` : `Upload ${texts.name.toLowerCase()}`}
          accept={imageUploadAccept}
          hint="JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB."
          progressLabel={`${texts.name} upload progress`}
          disabled={isBusy}
          upload={imageUpload}
        >
          {image.url ? (
            <Button variant="ghost" className="self-start text-red-700" onClick={() => void imageUpload.remove(slot)} isLoading={isRemoving} disabled={isBusy}>
              Remove {texts.name.toLowerCase()}
            </Button>
          ) : null}
        </UploadField>
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
