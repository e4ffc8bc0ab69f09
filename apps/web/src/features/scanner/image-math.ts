/*
 * The pixel arithmetic of preparing a card photo for OCR, on plain RGBA arrays so it is tested without a
 * browser: the size to scale to, where the card's edges are, and a greyscale copy with its contrast stretched.
 */

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Scales a size down (never up) so its longer side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const luminance = (data: Uint8ClampedArray, index: number) => 0.299 * data[index]! + 0.587 * data[index + 1]! + 0.114 * data[index + 2]!;

/**
 * The card within the photo when its edges are clear: the background is read from a frame along the photo's
 * border, and the card is the box of rows and columns where enough pixels differ from it. Null when there is
 * no clear card (the photo is the card already, or the background is as busy as the card): then the whole
 * photo is read.
 */
export function findCardBox(pixels: Pixels, options: { threshold?: number; minShare?: number } = {}): Box | null {
  const { data, width, height } = pixels;
  const threshold = options.threshold ?? 48;
  const minShare = options.minShare ?? 0.25;
  const frame = Math.max(1, Math.round(Math.min(width, height) * 0.03));
  const border: number[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (x < frame || y < frame || x >= width - frame || y >= height - frame) border.push(luminance(data, (y * width + x) * 4));
    }
  }
  border.sort((a, b) => a - b);
  const background = border[Math.floor(border.length / 2)] ?? 0;
  // A busy border (a patterned table) says nothing about where the card is.
  const spread = (border[Math.floor(border.length * 0.9)] ?? 0) - (border[Math.floor(border.length * 0.1)] ?? 0);
  if (spread > threshold) return null;

  const rowHits = new Array<number>(height).fill(0);
  const columnHits = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (Math.abs(luminance(data, (y * width + x) * 4) - background) > threshold) {
        rowHits[y]! += 1;
        columnHits[x]! += 1;
      }
    }
  }
  const span = (hits: number[], length: number, other: number) => {
    const enough = (count: number) => count >= other * minShare;
    const first = hits.findIndex(enough);
    const last = hits.length - 1 - [...hits].reverse().findIndex(enough);
    return first === -1 ? null : { start: first, end: Math.min(length - 1, last) };
  };
  const rows = span(rowHits, height, width);
  const columns = span(columnHits, width, height);
  if (!rows || !columns) return null;
  const box = { x: columns.start, y: rows.start, width: columns.end - columns.start + 1, height: rows.end - rows.start + 1 };
  const share = (box.width * box.height) / (width * height);
  // Too small is noise; nearly everything means the photo is already the card.
  if (share < 0.15 || share > 0.9) return null;
  const margin = Math.round(Math.min(box.width, box.height) * 0.02);
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  return { x, y, width: Math.min(width - x, box.width + 2 * margin), height: Math.min(height - y, box.height + 2 * margin) };
}

/**
 * Greyscale with the contrast stretched so the 2nd and 98th percentiles become black and white: faint print
 * and grey paper read better. Returns a new array; alpha is opaque.
 */
export function greyscaleWithContrast(pixels: Pixels): Uint8ClampedArray {
  const { data } = pixels;
  const count = data.length / 4;
  const grey = new Float32Array(count);
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < count; i += 1) {
    const value = luminance(data, i * 4);
    grey[i] = value;
    histogram[Math.round(value)]! += 1;
  }
  const percentile = (share: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value += 1) {
      seen += histogram[value]!;
      if (seen >= count * share) return value;
    }
    return 255;
  };
  const low = percentile(0.02);
  const high = Math.max(low + 1, percentile(0.98));
  const out = new Uint8ClampedArray(data.length);
  for (let i = 0; i < count; i += 1) {
    const value = ((grey[i]! - low) / (high - low)) * 255;
    out[i * 4] = value;
    out[i * 4 + 1] = value;
    out[i * 4 + 2] = value;
    out[i * 4 + 3] = 255;
  }
  return out;
}
