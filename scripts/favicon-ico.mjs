// Writes apps/web/public/favicon.ico from favicon.svg: one 32 × 32 PNG in an ICO container (browsers and tools
// that ask for /favicon.ico without reading the page's <link rel="icon">). Run again after changing the SVG.
import fs from 'node:fs';
import sharp from 'sharp';

const dir = new URL('../apps/web/public/', import.meta.url);
const png = await sharp(fs.readFileSync(new URL('favicon.svg', dir)), { density: 300 }).resize(32, 32).png({ compressionLevel: 9, palette: true }).toBuffer();
const header = Buffer.alloc(6 + 16);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt8(0, 8); // no palette
header.writeUInt8(0, 9); // reserved
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png.length, 14);
header.writeUInt32LE(6 + 16, 18); // the PNG follows the directory
fs.writeFileSync(new URL('favicon.ico', dir), Buffer.concat([header, png]));
