import { describe, expect, it } from 'vitest';
import { englishText } from '../i18n/keyed-text';
import { changePercent, customRangeProblem, resolvePeriod } from './periods';

describe('dashboard periods', () => {
  it.each([
    // preset, today, from, to, previous from, previous to, bucket, buckets
    ['7d', '2026-11-24', '2026-11-18', '2026-11-24', '2026-11-11', '2026-11-17', 'day', 7],
    ['30d', '2026-11-24', '2026-10-26', '2026-11-24', '2026-09-26', '2026-10-25', 'day', 30],
    ['90d', '2026-11-24', '2026-08-27', '2026-11-24', '2026-05-29', '2026-08-26', 'day', 90],
    ['90d', '2024-03-01', '2023-12-03', '2024-03-01', '2023-09-04', '2023-12-02', 'day', 90],
    ['12m', '2026-11-24', '2025-12-01', '2026-11-24', '2024-12-01', '2025-11-30', 'month', 12],
    ['12m', '2026-01-31', '2025-02-01', '2026-01-31', '2024-02-01', '2025-01-31', 'month', 12],
  ] as const)('%s on %s is %s – %s against %s – %s by %s', (preset, today, from, to, previousFrom, previousTo, bucket, count) => {
    const period = resolvePeriod(preset, today);
    expect(period).toMatchObject({ from, to, previous: { from: previousFrom, to: previousTo }, bucket });
    expect(period.buckets).toHaveLength(count);
    expect(period.previousBuckets).toHaveLength(count);
    expect(period.buckets[0]).toBe(bucket === 'day' ? from : from.slice(0, 7));
    expect(period.previousBuckets.at(-1)).toBe(bucket === 'day' ? previousTo : previousTo.slice(0, 7));
  });

  it('a custom period up to 92 days goes by day, a longer one by whole months', () => {
    expect(resolvePeriod('custom', '2026-11-24', { from: '2026-11-01', to: '2026-11-10' })).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-10',
      previous: { from: '2026-10-22', to: '2026-10-31' },
      bucket: 'day',
    });
    expect(resolvePeriod('custom', '2026-11-24', { from: '2026-01-15', to: '2026-06-10' })).toMatchObject({
      from: '2026-01-01',
      to: '2026-06-30',
      previous: { from: '2025-07-01', to: '2025-12-31' },
      bucket: 'month',
      buckets: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'],
    });
  });

  it.each([
    [undefined, '2026-11-10', 'Choose the first and the last day of the period.'],
    ['2026-11-10', '2026-11-01', 'The first day must not be after the last day.'],
    ['2026-11-01', '2026-11-25', 'The period cannot end after today.'],
    ['2026-02-30', '2026-03-01', 'Enter the days as YYYY-MM-DD.'],
    ['2020-01-01', '2026-11-01', 'Choose a period of at most five years.'],
    ['2026-11-01', '2026-11-24', null],
  ])('custom %s – %s: %s', (from, to, problem) => {
    const found = customRangeProblem(from, to, '2026-11-24');
    expect(found === null ? null : englishText(found)).toBe(problem);
  });

  it.each([
    [120, 100, 20],
    [80, 100, -20],
    [100, 100, 0],
    [1, 3, -67],
    [5, 0, null],
    [0, 0, null],
  ])('%i against %i changes by %s%%', (current, previous, change) => {
    expect(changePercent(current, previous)).toBe(change);
  });
});
