import { describe, expect, it } from 'vitest';
import { firstHourOfUtcDay } from '@cardstack/shared/insights/time-zones';
import { edgeWindows, periodEdgeWindows } from './local-buckets';

const hour = (day: string, at: number) => firstHourOfUtcDay(day) + at;

describe('the viewer’s days from UTC days and the hours at their edges', () => {
  it('needs no hours in UTC', () => {
    expect(edgeWindows(['2026-03-01', '2026-03-02'], 'day', 'UTC')).toEqual([]);
    expect(periodEdgeWindows(['2026-03', '2026-04'], 'month', 'Etc/UTC')).toEqual([]);
  });

  it('east of UTC moves the last hours of each UTC day to the next day', () => {
    expect(edgeWindows(['2026-03-01', '2026-03-02'], 'day', 'Etc/GMT-2')).toEqual([
      { id: 0, from: hour('2026-02-28', 22), to: hour('2026-03-01', 0), add: '2026-03-01', subtract: null },
      { id: 1, from: hour('2026-03-01', 22), to: hour('2026-03-02', 0), add: '2026-03-02', subtract: '2026-03-01' },
      { id: 2, from: hour('2026-03-02', 22), to: hour('2026-03-03', 0), add: null, subtract: '2026-03-02' },
    ]);
  });

  it('west of UTC moves the first hours of each UTC day to the day before, and follows the clock change', () => {
    // New York changes to summer time on 8 March 2026: its days start at 05:00 UTC before, 04:00 after.
    expect(edgeWindows(['2026-03-08', '2026-03-09'], 'day', 'America/New_York')).toEqual([
      { id: 0, from: hour('2026-03-08', 0), to: hour('2026-03-08', 5), add: null, subtract: '2026-03-08' },
      { id: 1, from: hour('2026-03-09', 0), to: hour('2026-03-09', 4), add: '2026-03-08', subtract: '2026-03-09' },
      { id: 2, from: hour('2026-03-10', 0), to: hour('2026-03-10', 4), add: '2026-03-09', subtract: null },
    ]);
  });

  it('does the same at the edges of months, and a period’s totals need only its first and last edge', () => {
    expect(edgeWindows(['2026-01', '2026-02'], 'month', 'Asia/Tokyo').map((window) => [window.from, window.to, window.add, window.subtract])).toEqual([
      [hour('2025-12-31', 15), hour('2026-01-01', 0), '2026-01', null],
      [hour('2026-01-31', 15), hour('2026-02-01', 0), '2026-02', '2026-01'],
      [hour('2026-02-28', 15), hour('2026-03-01', 0), null, '2026-02'],
    ]);
    expect(periodEdgeWindows(['2026-01', '2026-02'], 'month', 'Asia/Tokyo')).toEqual([
      { id: 0, from: hour('2025-12-31', 15), to: hour('2026-01-01', 0), sign: 1 },
      { id: 1, from: hour('2026-02-28', 15), to: hour('2026-03-01', 0), sign: -1 },
    ]);
  });
});
