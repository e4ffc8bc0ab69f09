import { describe, expect, it } from 'vitest';
import { englishText } from '../i18n/keyed-text';
import { hexColourInput, isHexColour, normaliseHexColour } from './hex-colour';

// Hex colours: 3, 4, 6 or 8 hex digits, optional #; otherwise the error 'Expected a valid hex string'.
describe('hex colour rule', () => {
  it.each([
    ['#fff', true],
    ['fff', true],
    ['#ffff', true],
    ['#1a2b3c', true],
    ['1A2B3C', true],
    ['#1a2b3c80', true],
    ['  #abc  ', true],
    ['', false],
    ['#', false],
    ['#ff', false],
    ['#fffff', false],
    ['#fffffff', false],
    ['#fffffffff', false],
    ['#ggg', false],
    ['##fff', false],
    ['rgb(0,0,0)', false],
    ['red', false],
  ])('%j is valid: %s', (value, expected) => {
    expect(isHexColour(value)).toBe(expected);
  });

  it.each([
    ['fff', '#fff'],
    ['#ABCDEF', '#abcdef'],
    [' 1A2B3C80 ', '#1a2b3c80'],
  ])('normalises %j to %j', (value, expected) => {
    expect(normaliseHexColour(value)).toBe(expected);
    expect(hexColourInput.parse(value)).toBe(expected);
  });

  it('rejects with "Expected a valid hex string"', () => {
    const result = hexColourInput.safeParse('#12');
    expect(result.success).toBe(false);
    expect(englishText(result.error!.issues[0]!.message)).toBe('Expected a valid hex string');
  });
});
