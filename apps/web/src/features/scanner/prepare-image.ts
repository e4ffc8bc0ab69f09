import jsQR from 'jsqr';
import { findCardBox, fitWithin, greyscaleWithContrast } from './image-math';

/*
 * From the chosen photo to what the scanner reads: turned upright from its EXIF orientation, scaled down,
 * cropped to the card when its edges are clear, a greyscale high-contrast copy for OCR, a colour JPEG of the
 * card to keep with the contact, and the text of a QR code when there is one.
 */

const ocrMaxSide = 2000;
const analysisMaxSide = 800;
const photoMaxSide = 1600;
const qrMaxSide = 1200;

export interface PreparedCard {
  /** Greyscale, contrast stretched: what tesseract reads. */
  ocrCanvas: HTMLCanvasElement;
  /** The card in colour, as kept with the contact. */
  photo: Blob;
  /** For the review form's preview. */
  photoUrl: string;
  /** The decoded text of a QR code on the card, or null. */
  qrText: string | null;
}

function canvasOf(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot prepare images (no canvas).');
  return { canvas, context };
}

export async function prepareCard(file: Blob): Promise<PreparedCard> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    // Where the card is, found on a small copy (fast), then applied to the full-size image.
    const small = fitWithin(bitmap.width, bitmap.height, analysisMaxSide);
    const analysis = canvasOf(small.width, small.height);
    analysis.context.drawImage(bitmap, 0, 0, small.width, small.height);
    const box = findCardBox(analysis.context.getImageData(0, 0, small.width, small.height));
    const scale = bitmap.width / small.width;
    const crop = box
      ? { x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale }
      : { x: 0, y: 0, width: bitmap.width, height: bitmap.height };

    const draw = (maxSide: number) => {
      const size = fitWithin(crop.width, crop.height, maxSide);
      const target = canvasOf(size.width, size.height);
      target.context.drawImage(bitmap, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height);
      return target;
    };

    const qr = draw(qrMaxSide);
    const qrPixels = qr.context.getImageData(0, 0, qr.canvas.width, qr.canvas.height);
    const qrText = jsQR(qrPixels.data, qrPixels.width, qrPixels.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;

    const ocr = draw(ocrMaxSide);
    const pixels = ocr.context.getImageData(0, 0, ocr.canvas.width, ocr.canvas.height);
    pixels.data.set(greyscaleWithContrast(pixels));
    ocr.context.putImageData(pixels, 0, 0);

    const kept = draw(photoMaxSide);
    const photo = await new Promise<Blob>((resolve, reject) =>
      kept.canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))), 'image/jpeg', 0.85),
    );
    return { ocrCanvas: ocr.canvas, photo, photoUrl: URL.createObjectURL(photo), qrText };
  } finally {
    bitmap.close();
  }
}
