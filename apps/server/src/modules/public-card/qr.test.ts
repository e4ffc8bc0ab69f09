import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderQrPng, renderQrSvg } from './qr';

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const shortUrl = 'https://cards.example.com/id/abc123/';
const longUrl = `https://cards.example.com/id/${'a'.repeat(180)}/`;

describe('renderQrSvg', () => {
  it.each([shortUrl, longUrl])('is a well-formed square SVG with a viewBox and a path (%s)', async (url) => {
    const svg = await renderQrSvg(url);
    expect(svg.trimStart().startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
    expect(viewBox?.[1]).toBe(viewBox?.[2]);
    expect(svg).toMatch(/<path [^>]*d="M[^"]+"/);
    // librsvg parses with libxml2 and rejects anything that is not well-formed XML.
    const metadata = await sharp(Buffer.from(svg)).metadata();
    expect(metadata.format).toBe('svg');
    expect(metadata.width).toBe(Number(viewBox?.[1]));
  });

  it('keeps a quiet zone of four modules around the symbol', async () => {
    const svg = await renderQrSvg(shortUrl);
    const size = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]);
    const dark = await sharp(Buffer.from(svg), { density: 72 }).greyscale().raw().toBuffer();
    for (let index = 0; index < size * size; index += 1) {
      const x = index % size;
      const y = Math.floor(index / size);
      const inQuietZone = x < 4 || y < 4 || x >= size - 4 || y >= size - 4;
      if (inQuietZone) expect(dark[index], `pixel ${x},${y}`).toBeGreaterThan(200);
    }
    // The finder pattern's corner is the first module inside the quiet zone.
    expect(dark[4 * size + 4]).toBeLessThan(50);
  });
});

describe('renderQrPng', () => {
  it.each([
    [shortUrl, 64],
    [shortUrl, 256],
    [shortUrl, 300],
    [shortUrl, 1000],
    [longUrl, 512],
  ])('renders %s as a %ipx PNG', async (url, size) => {
    const png = await renderQrPng(url, size);
    expect([...png.subarray(0, 8)]).toEqual(pngSignature);
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: size, height: size });
  });

  it('draws black modules on white with a white border of at least four modules', async () => {
    const size = 290; // 29 modules + 8 quiet-zone modules = 37; 7 px each, 15 px left over.
    const { data, info } = await sharp(await renderQrPng(shortUrl, size))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(1);
    expect(new Set(data)).toEqual(new Set([0, 255]));
    const border = Math.floor((size - 29 * 7) / 2);
    expect(border).toBeGreaterThanOrEqual(4 * 7);
    for (let i = 0; i < size; i += 1) {
      for (const [x, y] of [
        [i, border - 1],
        [border - 1, i],
        [i, size - border],
        [size - border, i],
      ] as const) {
        expect(data[y * size + x]).toBe(255);
      }
    }
    expect(data[border * size + border]).toBe(0);
  });

  it.each([0, 63, 4097, 100.5, Number.NaN])('refuses a size of %d', async (size) => {
    await expect(renderQrPng(shortUrl, size)).rejects.toThrow(RangeError);
  });

  it('refuses a size too small for the symbol', async () => {
    const hugeUrl = `https://cards.example.com/id/${'x'.repeat(1500)}/`;
    await expect(renderQrPng(hugeUrl, 64)).rejects.toThrow(/too small/);
  });
});
