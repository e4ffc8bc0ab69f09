/*
 * Makes the app's icon set (apps/web/public/icons/*.png, committed) from the two drawings beside this file:
 * icon.svg (rounded, for "any" purpose) at 192 and 512 px, icon-maskable.svg (full-bleed, the mark inside the
 * maskable safe zone, a circle of 80 % of the width) at 512 px, and a 180 px Apple touch icon.
 * Run after changing a drawing: node apps/web/icons/make-icons.mjs
 */
import path from 'node:path';
import sharp from 'sharp';

const here = import.meta.dirname;
const out = path.resolve(here, '../public/icons');
const icons = [
  ['icon.svg', 192, 'icon-192.png'],
  ['icon.svg', 512, 'icon-512.png'],
  ['icon-maskable.svg', 512, 'icon-maskable-512.png'],
  ['icon-maskable.svg', 180, 'apple-touch-icon.png'],
];
for (const [source, size, file] of icons) {
  await sharp(path.join(here, source), { density: 72 * (size / 512) * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
  console.warn(`${file} ${size}×${size}`);
}
