import { loadSharp } from '../storage/storage-module';

/**
 * QR codes of a card's public URL, rendered once when the card is saved. Level M survives a scuffed print or a
 * glare on a screen without making the symbol too dense for a phone camera; the 4-module quiet zone is the
 * minimum ISO/IEC 18004 asks for, and black on opaque white keeps the code readable on any background.
 */
const errorCorrectionLevel = 'M';
const qrQuietZoneModules = 4;
const qrPngMinSize = 64;
const qrPngMaxSize = 4096;

/** qrcode is loaded when a card is first saved or a QR image first asked for, not at start (start-imports.test.ts). */
const loadQrCode = async () => (await import('qrcode')).default;

export async function renderQrSvg(url: string): Promise<string> {
  const QRCode = await loadQrCode();
  return QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel,
    margin: qrQuietZoneModules,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/**
 * A `size`×`size` PNG. Modules are drawn at a whole number of pixels each and the pixels left over widen the
 * quiet zone, so every module has the same size (qrcode's own `width` option stretches modules unevenly and
 * can come out a pixel short).
 */
export async function renderQrPng(url: string, size: number): Promise<Buffer> {
  if (!Number.isInteger(size) || size < qrPngMinSize || size > qrPngMaxSize) {
    throw new RangeError(`QR code size must be a whole number of pixels from ${qrPngMinSize} to ${qrPngMaxSize}.`);
  }
  const { modules } = (await loadQrCode()).create(url, { errorCorrectionLevel });
  const totalModules = modules.size + 2 * qrQuietZoneModules;
  const pixelsPerModule = Math.floor(size / totalModules);
  if (pixelsPerModule < 1) {
    throw new RangeError(`A ${size}px image is too small for this QR code (${totalModules} modules wide).`);
  }
  const offset = Math.floor((size - modules.size * pixelsPerModule) / 2);

  const pixels = Buffer.alloc(size * size, 0xff);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      const top = offset + row * pixelsPerModule;
      const left = offset + column * pixelsPerModule;
      for (let y = top; y < top + pixelsPerModule; y += 1) {
        pixels.fill(0x00, y * size + left, y * size + left + pixelsPerModule);
      }
    }
  }
  const sharp = await loadSharp();
  return sharp(pixels, { raw: { width: size, height: size, channels: 1 } })
    .png({ compressionLevel: 9, palette: true, colours: 2 })
    .toBuffer();
}
