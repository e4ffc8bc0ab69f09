import { AppError } from '../../http/errors';
import { keyed } from '@cardstack/shared/i18n/keyed';

const maxImageUploadBytes = 10 * 1024 * 1024;

/**
 * sharp (libvips) costs ~20 MB of memory once loaded; load it on the first image instead of at start so an
 * idle server stays small.
 */
export async function loadSharp() {
  return (await import('sharp')).default;
}

const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Checks an upload by its content (never its name), then resizes it and re-encodes it as WebP with all
 * metadata (EXIF, GPS, ICC) stripped. What comes back is safe to serve from our origin.
 */
export async function reencodeImage(
  input: Buffer,
  options: { maxWidth: number; maxHeight: number; fit?: 'inside' | 'cover'; quality?: number },
): Promise<{ body: Buffer; width: number; height: number; contentType: 'image/webp' }> {
  if (input.length > maxImageUploadBytes) {
    throw new AppError(413, 'file-too-large', keyed('imageTooLarge'));
  }
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !acceptedFormats.has(format)) {
    throw new AppError(415, 'unsupported-image', keyed('unsupportedImage'));
  }
  const { data, info } = await sharp(input, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: options.maxWidth, height: options.maxHeight, fit: options.fit ?? 'inside', withoutEnlargement: true })
    .webp({ quality: options.quality ?? 82 })
    .toBuffer({ resolveWithObject: true });
  return { body: data, width: info.width, height: info.height, contentType: 'image/webp' };
}
