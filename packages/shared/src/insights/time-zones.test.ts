import { describe, expect, it } from 'vitest';
import { dayIn, firstHourOfDayIn, firstHourOfUtcDay, hourOf, monthEdgeOf, nearestMonthStart, offsetMinutesAt, startOfDayIn, utcDayOfHour } from './time-zones';

describe('days in a time zone', () => {
  it.each([
    ['2026-03-10T23:30:00Z', 'UTC', '2026-03-10'],
    ['2026-03-10T23:30:00Z', 'Europe/Berlin', '2026-03-11'],
    ['2026-03-10T03:00:00Z', 'America/New_York', '2026-03-09'],
    ['2026-03-10T10:30:00Z', 'Pacific/Kiritimati', '2026-03-11'],
    ['2026-03-10T18:29:00Z', 'Asia/Kolkata', '2026-03-10'],
    ['2026-03-10T18:30:00Z', 'Asia/Kolkata', '2026-03-11'],
  ])('%s in %s is on %s', (at, zone, day) => {
    expect(dayIn(new Date(at), zone)).toBe(day);
  });

  it.each([
    ['2026-01-15', 'Europe/Berlin', '2026-01-14T23:00:00.000Z'],
    ['2026-07-15', 'Europe/Berlin', '2026-07-14T22:00:00.000Z'],
    // The days of a clock change start at midnight of the offset before it.
    ['2026-03-29', 'Europe/Berlin', '2026-03-28T23:00:00.000Z'],
    ['2026-10-25', 'Europe/Berlin', '2026-10-24T22:00:00.000Z'],
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    ['2026-03-10', 'Asia/Kolkata', '2026-03-09T18:30:00.000Z'],
    // Santiago skips midnight in September: the day starts at 01:00, which is 04:00 UTC.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
  ])('%s starts in %s at %s', (day, zone, start) => {
    expect(new Date(startOfDayIn(day, zone)).toISOString()).toBe(start);
    expect(dayIn(startOfDayIn(day, zone), zone)).toBe(day);
    expect(dayIn(startOfDayIn(day, zone) - 1, zone)).not.toBe(day);
  });

  it('keys hours since the epoch, and a day’s first hour is the first that starts in it', () => {
    expect(hourOf(new Date('1970-01-02T01:59:59Z'))).toBe(25);
    expect(utcDayOfHour(hourOf(new Date('2026-03-10T23:30:00Z')))).toBe('2026-03-10');
    expect(firstHourOfUtcDay('2026-03-10')).toBe(hourOf(new Date('2026-03-10T00:00:00Z')));
    expect(firstHourOfDayIn('2026-03-10', 'Europe/Berlin')).toBe(firstHourOfUtcDay('2026-03-10') - 1);
    // 18:30 UTC: the hour from 18:00 starts the evening before, so the day's first hour is 19:00 UTC.
    expect(firstHourOfDayIn('2026-03-11', 'Asia/Kolkata')).toBe(firstHourOfUtcDay('2026-03-10') + 19);
    expect(offsetMinutesAt(Date.parse('2026-07-01T00:00:00Z'), 'America/New_York')).toBe(-240);
  });

  it('marks the hours some zone moves into a neighbouring month by their distance from the month’s start', () => {
    const march = firstHourOfUtcDay('2026-03-01');
    expect([march - 15, march - 14, march - 1, march, march + 11, march + 12].map(monthEdgeOf)).toEqual([null, -14, -1, 0, 11, null]);
    expect(monthEdgeOf(firstHourOfUtcDay('2026-03-15'))).toBeNull();
    expect(nearestMonthStart(march - 3)).toBe(march);
    expect(nearestMonthStart(march + 5)).toBe(march);
  });
});
