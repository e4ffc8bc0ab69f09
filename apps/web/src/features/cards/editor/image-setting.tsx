import { useFormContext, useWatch } from 'react-hook-form';
import { imagePositionCss, imageUploadAccept, maxImageUploadBytes, type ImageSlot } from '@cardstack/shared/cards/images';
import type { CardImage } from '@cardstack/shared/cards/schemas';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { useMessages } from '../../../lib/i18n/messages';
import { removeCardImage, uploadCardImage } from '../api/card-images';
import type { CardEditorValues } from './card-form';
import { editorMessages } from './messages';
import { PositionPicker } from './position-picker';
import { UploadField } from './upload-field';
import { useCardUpload } from './use-card-upload';

/** Each slot's form field, and the prefix of its messages in the editor's catalog (`coverUpload`, `profileAlt`…). */
const slots = {
  cover: { field: 'coverImage', messages: 'cover' },
  profile: { field: 'profilePicture', messages: 'profile' },
} as const satisfies Record<ImageSlot, { field: 'coverImage' | 'profilePicture'; messages: string }>;

/** One of the card's two images: upload (saved at once, with progress), remove, alt text and position. */
export function ImageSetting({ slot, image }: { slot: ImageSlot; image: CardImage }) {
  const t = useMessages(editorMessages);
  const { register, getFieldState, formState } = useFormContext<CardEditorValues>();
  const texts = slots[slot];
  const prefix = texts.messages;
  const position = useWatch<CardEditorValues, `${typeof texts.field}.position`>({ name: `${texts.field}.position` });
  const imageUpload = useCardUpload({
    upload: (cardId, file, onProgress) => uploadCardImage(cardId, slot, file, onProgress),
    remove: (cardId) => removeCardImage(cardId, slot),
    removeFailedMessage: t('imageRemoveFailed'),
    tooLarge: { bytes: maxImageUploadBytes, message: t('imageTooLarge') },
  });

  const altError = getFieldState(`${texts.field}.alt`, formState).error?.message;
  const isRemoving = imageUpload.removingKey !== null;
  const isBusy = imageUpload.progress !== null || isRemoving;
  const isCover = slot === 'cover';

  return (
    <div className="flex flex-col gap-4 border-t border-zinc-200 pt-4 first:border-t-0 first:pt-0">
      <h3 className="font-semibold">{t(`${prefix}Image`)}</h3>
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
            {t('noImage')}
          </span>
        )}
        <UploadField
          label={t(image.url ? `${prefix}Replace` : `${prefix}Upload`)}
          accept={imageUploadAccept}
          hint={t('imageHint')}
          progressLabel={t(`${prefix}Progress`)}
          disabled={isBusy}
          upload={imageUpload}
        >
          {image.url ? (
            <Button variant="ghost" className="self-start text-red-700" onClick={() => void imageUpload.remove(slot)} isLoading={isRemoving} disabled={isBusy}>
              {t(`${prefix}Remove`)}
            </Button>
          ) : null}
        </UploadField>
      </div>
      <InputField
        label={t(`${prefix}Alt`)}
        hint={t('altHint')}
        error={altError}
        {...register(`${texts.field}.alt`)}
      />
      <PositionPicker name={`${texts.field}.position`} legend={t(`${prefix}Position`)} />
    </div>
  );
}
