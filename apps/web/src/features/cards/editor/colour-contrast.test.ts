import { describe, expect, it } from 'vitest';
import { contrastRatio, formatContrast } from './colour-contrast';

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['fff', '000', 21],
    ['#ffffff', '#ffffff', 1],
    ['#6b7280', '#ffffff', 4.83],
    ['#6b7280', '#fdf6e3', 4.48],
    ['#6b728080', '#ffffffff', 4.83],
  ])('%s on %s is %s:1', (first, second, expected) => {
    expect(contrastRatio(first, second)).toBeCloseTo(expected, 2);
  });

  it('has no ratio while a colour is not valid yet', () => {
    expect(contrastRatio('#12345', '#ffffff')).toBeNull();
  });

  it('rounds down for display', () => {
    expect(formatContrast(4.48)).toBe('4.4:1');
    expect(formatContrast(21)).toBe('21.0:1');
  });

  it('writes the ratio with the language’s own decimals', () => {
    const german = new Intl.NumberFormat('de', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    expect(formatContrast(4.48, (value) => german.format(value))).toBe('4,4:1');
  });
});
