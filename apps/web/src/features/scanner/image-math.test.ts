import { describe, expect, it } from 'vitest';
import { findCardBox, fitWithin, greyscaleWithContrast, type Pixels } from './image-math';

/** A photo of `width`×`height` filled with `background`, with rectangles of other greys drawn on it. */
function photo(width: number, height: number, background: number, boxes: { x: number; y: number; w: number; h: number; value: number }[] = []): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const box = boxes.find((b) => x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h);
      const value = box ? box.value : background;
      data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

describe('fitWithin', () => {
  it.each([
    [4000, 3000, 2000, { width: 2000, height: 1500 }],
    [3000, 4000, 2000, { width: 1500, height: 2000 }],
    [800, 600, 2000, { width: 800, height: 600 }],
    [1, 10000, 100, { width: 1, height: 100 }],
  ])('%i×%i within %i', (width, height, max, expected) => {
    expect(fitWithin(width, height, max)).toEqual(expected);
  });
});

describe('findCardBox', () => {
  it('finds a white card on a dark table, with a small margin', () => {
    const box = findCardBox(photo(200, 150, 30, [{ x: 40, y: 30, w: 120, h: 80, value: 240 }]));
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(36);
    expect(box!.x).toBeLessThanOrEqual(40);
    expect(box!.y).toBeGreaterThanOrEqual(26);
    expect(box!.width).toBeGreaterThanOrEqual(120);
    expect(box!.width).toBeLessThanOrEqual(128);
    expect(box!.height).toBeGreaterThanOrEqual(80);
  });

  it.each([
    ['a photo that is the card already', photo(200, 120, 245, [{ x: 20, y: 20, w: 80, h: 10, value: 20 }])],
    ['a uniform photo', photo(100, 100, 128)],
    ['a busy background', photo(100, 100, 0, Array.from({ length: 10 }, (_, i) => ({ x: i * 10, y: 0, w: 5, h: 100, value: 255 })))],
    ['a speck', photo(200, 200, 30, [{ x: 90, y: 90, w: 10, h: 10, value: 240 }])],
  ])('leaves %s whole', (_name, pixels) => {
    expect(findCardBox(pixels)).toBeNull();
  });
});

describe('greyscaleWithContrast', () => {
  it('stretches a faint image to black and white', () => {
    const pixels = photo(10, 10, 150, [{ x: 0, y: 0, w: 5, h: 10, value: 110 }]);
    const out = greyscaleWithContrast(pixels);
    expect(out[0]).toBe(0);
    expect(out[(9 * 10 + 9) * 4]).toBe(255);
    expect(out[3]).toBe(255);
  });
});
