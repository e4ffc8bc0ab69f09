import { loadSharp } from './images';

export const vcardPhotoMaxPixels = 400;

/**
 * Resizes a card photo for inline embedding in the vCard: large photos make iOS and Google Contacts drop the
 * photo or the whole import. JPEG because TYPE=JPEG is what every importer understands; transparency becomes
 * white.
 */
export async function prepareVCardPhoto(imageBuffer: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(imageBuffer, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: vcardPhotoMaxPixels, height: vcardPhotoMaxPixels, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
}
