import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../lib/i18n/format';
import { formatAxisBucket, formatBucket, formatChange, formatPercent } from './insights-format';

const english = formatsFor('en', 'UTC');

describe('dashboard formats', () => {
  it.each([
    [20, 12, '+20%'],
    [-5, 12, '−5%'],
    [0, 12, '0%'],
    [null, 3, 'new'],
    [null, 0, '—'],
  ])('change %s with %i now reads %s', (change, current, text) => {
    expect(formatChange(change, current, english, 'new')).toBe(text);
  });

  it('writes a change and a share as the language does', () => {
    // The space before the percent sign is a no-break space of the ICU version's choice.
    expect(formatChange(-5, 12, formatsFor('de', 'UTC'), 'neu')).toMatch(/^−5\s%$/);
    expect(formatPercent(12.5, english)).toBe('12.5%');
    expect(formatPercent(12.5, formatsFor('fr', 'UTC'))).toMatch(/^12,5\s%$/);
    expect(formatPercent(null, english)).toBe('—');
  });

  it('names days and months in the app’s language', () => {
    expect(formatBucket('2026-11-04', 'day', english)).toBe('Nov 4, 2026');
    expect(formatBucket('2026-01', 'month', english)).toBe('Jan 2026');
    expect(formatAxisBucket('2026-11-04', 'day', english)).toBe('Nov 4');
    expect(formatAxisBucket('2026-01', 'month', english)).toBe('Jan 26');
    expect(formatBucket('2026-11-04', 'day', formatsFor('de', 'UTC'))).toBe('04.11.2026');
    expect(formatAxisBucket('2026-11-04', 'day', formatsFor('ja', 'UTC'))).toBe('11月4日');
  });

  it('keeps a bucket on its own day in every time zone', () => {
    expect(formatBucket('2026-11-04', 'day', formatsFor('en', 'America/Los_Angeles'))).toBe('Nov 4, 2026');
    expect(formatBucket('2026-11-04', 'day', formatsFor('en', 'Pacific/Kiritimati'))).toBe('Nov 4, 2026');
  });
});
