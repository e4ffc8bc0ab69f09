import { isHexColour, normaliseHexColour } from '@cardstack/shared/cards/hex-colour';

/** WCAG 2 AA for normal text. */
export const minimumTextContrast = 4.5;

function relativeLuminance(hex: string): number {
  let digits = normaliseHexColour(hex).slice(1);
  if (digits.length <= 4) digits = [...digits].map((digit) => digit + digit).join('');
  const channels = [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio of two hex colours (any alpha digits are ignored); null when either is not a colour yet. */
export function contrastRatio(first: string, second: string): number | null {
  if (!isHexColour(first) || !isHexColour(second)) return null;
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * A ratio as shown to people, rounded down so 4.48 never reads as the 4.5 it misses. `formatNumber` writes the
 * one-decimal number in the app's language ("4,4" in German); English digits without it.
 */
export function formatContrast(ratio: number, formatNumber: (value: number) => string = (value) => value.toFixed(1)): string {
  return `${formatNumber(Math.floor(ratio * 10) / 10)}:1`;
}
