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

/** The email signature shows the photo at 88 px; twice that keeps it sharp on high-density screens. */
export const signaturePhotoPixels = 176;

/** Where sharp's crop keeps the picture for each of the card's image positions (as the card frames it). */
const cropPositions: Record<string, string> = {
  'object-center': 'centre',
  'object-top': 'top',
  'object-bottom': 'bottom',
  'object-left': 'left',
  'object-right': 'right',
  'object-left-top': 'left top',
  'object-right-top': 'right top',
  'object-left-bottom': 'left bottom',
  'object-right-bottom': 'right bottom',
};

/**
 * The card photo for email signatures: a square JPEG cropped where the card frames it. JPEG because mail clients
 * (Outlook above all) show neither WebP, which the card's images are stored as, nor SVG.
 */
export async function prepareSignaturePhoto(imageBuffer: Buffer, position: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(imageBuffer, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: signaturePhotoPixels, height: signaturePhotoPixels, fit: 'cover', position: cropPositions[position] ?? 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer();
}
