import { z } from 'zod';
import { keyed } from '../i18n/keyed';

/** Where a cover image or profile picture is anchored, as the CSS object-position classes stored cards carry. */
export const imagePositions = [
  'object-center',
  'object-bottom',
  'object-top',
  'object-left',
  'object-left-bottom',
  'object-left-top',
  'object-right',
  'object-right-bottom',
  'object-right-top',
] as const;
export const imagePositionSchema = z.enum(imagePositions, { error: keyed('chooseImagePosition') });
export type ImagePosition = z.infer<typeof imagePositionSchema>;
export const defaultImagePosition: ImagePosition = 'object-center';

/** The two images a card has, as named in the upload routes. */
export const imageSlots = ['cover', 'profile'] as const;
export const imageSlotSchema = z.enum(imageSlots);
export type ImageSlot = z.infer<typeof imageSlotSchema>;

/** The CSS `object-position` each value stands for, for renderers without the utility classes. */
export const imagePositionCss: Record<ImagePosition, string> = {
  'object-center': 'center',
  'object-bottom': 'bottom',
  'object-top': 'top',
  'object-left': 'left',
  'object-left-bottom': 'left bottom',
  'object-left-top': 'left top',
  'object-right': 'right',
  'object-right-bottom': 'right bottom',
  'object-right-top': 'right top',
};

/** Largest image upload (cover or profile picture) before re-encoding. */
export const maxImageUploadBytes = 10 * 1024 * 1024;
export const imageUploadAccept = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
