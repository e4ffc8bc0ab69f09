import { describe, expect, it } from 'vitest';
import { formatAxisBucket, formatBucket, formatChange } from './insights-format';

describe('dashboard formats', () => {
  it.each([
    [20, 12, '+20%'],
    [-5, 12, '−5%'],
    [0, 12, '0%'],
    [null, 3, 'new'],
    [null, 0, '—'],
  ])('change %s with %i now reads %s', (change, current, text) => {
    expect(formatChange(change, current)).toBe(text);
  });

  it('names days and months', () => {
    expect(formatBucket('2026-11-04', 'day')).toBe('4 Nov 2026');
    expect(formatBucket('2026-01', 'month')).toBe('Jan 2026');
    expect(formatAxisBucket('2026-11-04', 'day')).toBe('4 Nov');
    expect(formatAxisBucket('2026-01', 'month')).toBe('Jan 26');
  });
});
