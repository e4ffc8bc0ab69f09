import { z } from 'zod';
import { keyed } from '../i18n/keyed';

/** Hex colours: 3, 4, 6 or 8 hex digits, optional #; otherwise the error 'Expected a valid hex string' (`invalidHexColour`). */
const hexColourPattern = /^#?(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export function isHexColour(value: string): boolean {
  return hexColourPattern.test(value.trim());
}

/** One spelling for storage and for the wallets: a leading # and lower-case digits. */
export function normaliseHexColour(value: string): string {
  const trimmed = value.trim().toLowerCase();
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
}

export const hexColourInput = z
  .string()
  .trim()
  .refine(isHexColour, keyed('invalidHexColour'))
  .transform(normaliseHexColour);
