import { sixDigitHex } from '@cardstack/shared/wallet/pass-content';
import { loadSharp } from '../storage/storage-module';
import type { PassImages } from './apple-pass';

/*
 * The images of an Apple pass. `icon.png` is mandatory (29 pt, at 1×, 2× and 3×: Wallet shows it in
 * notifications and on the lock screen); the logo (top left, at most 160×50 pt) is the same card mark; the
 * thumbnail (at most 90×90 pt) is the profile picture when the card has one.
 */

const scales = [
  { suffix: '', factor: 1 },
  { suffix: '@2x', factor: 2 },
  { suffix: '@3x', factor: 3 },
] as const;

/** A business-card mark in the pass's colours: no text, so no font is needed to draw it. */
function cardMarkSvg(size: number, background: string, foreground: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 29 29">
<rect width="29" height="29" rx="6" fill="${background}"/>
<rect x="4" y="7" width="21" height="15" rx="2" fill="none" stroke="${foreground}" stroke-width="1.6"/>
<circle cx="10" cy="13" r="2.4" fill="${foreground}"/>
<path d="M6.6 19.2c.6-2.2 2-3.2 3.4-3.2s2.8 1 3.4 3.2" fill="${foreground}"/>
<rect x="15" y="11" width="7" height="1.6" rx=".8" fill="${foreground}"/>
<rect x="15" y="15" width="5" height="1.6" rx=".8" fill="${foreground}"/>
</svg>`;
}

export async function passImages(colours: { backgroundColor: string; foregroundColor: string }, profilePicture: Buffer | null): Promise<PassImages> {
  const sharp = await loadSharp();
  const background = sixDigitHex(colours.backgroundColor);
  const foreground = sixDigitHex(colours.foregroundColor);
  const images: PassImages = {};
  for (const { suffix, factor } of scales) {
    images[`icon${suffix}.png`] = await sharp(Buffer.from(cardMarkSvg(29 * factor, background, foreground))).png().toBuffer();
    images[`logo${suffix}.png`] = await sharp(Buffer.from(cardMarkSvg(50 * factor, background, foreground))).png().toBuffer();
    if (profilePicture) {
      images[`thumbnail${suffix}.png`] = await sharp(profilePicture).resize(90 * factor, 90 * factor, { fit: 'cover' }).png().toBuffer();
    }
  }
  return images;
}
