import cronParser from 'cron-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastCronTime, nextCronTime } from './cron';

const at = (iso: string) => new Date(iso);

/** cron-parser (what pg-boss reads the same expressions with on PostgreSQL), as the reference. */
function referenceLast(cron: string, time: Date): Date {
  return cronParser.parseExpression(cron, { currentDate: new Date(time.getTime() + 1), tz: 'UTC' }).prev().toDate();
}
function referenceNext(cron: string, time: Date): Date {
  return cronParser.parseExpression(cron, { currentDate: time, tz: 'UTC' }).next().toDate();
}

describe('cron times (UTC)', () => {
  it('finds the latest time at or before, and the first time after, for the schedules the app uses', () => {
    expect(lastCronTime('* * * * *', at('2026-11-24T10:17:42.500Z'))).toEqual(at('2026-11-24T10:17:00Z'));
    expect(nextCronTime('* * * * *', at('2026-11-24T10:17:00Z'))).toEqual(at('2026-11-24T10:18:00Z'));
    expect(lastCronTime('10 3 * * *', at('2026-11-24T03:10:00Z'))).toEqual(at('2026-11-24T03:10:00Z'));
    expect(lastCronTime('10 3 * * *', at('2026-11-24T03:09:59Z'))).toEqual(at('2026-11-23T03:10:00Z'));
    expect(nextCronTime('10 3 * * *', at('2026-11-24T03:10:00Z'))).toEqual(at('2026-11-25T03:10:00Z'));
    expect(lastCronTime('5 0 * * *', at('2026-01-01T00:04:00Z'))).toEqual(at('2025-12-31T00:05:00Z'));
  });

  it('reads lists, ranges, steps, names, weekday 7 and either day field', () => {
    expect(nextCronTime('*/15 9-17 * * mon-fri', at('2026-11-27T17:50:00Z'))).toEqual(at('2026-11-30T09:00:00Z')); // Friday evening → Monday
    expect(lastCronTime('0 0 1 jan *', at('2026-11-24T00:00:00Z'))).toEqual(at('2026-01-01T00:00:00Z'));
    expect(lastCronTime('30 6 * * 7', at('2026-11-24T00:00:00Z'))).toEqual(at('2026-11-22T06:30:00Z')); // a Sunday
    expect(nextCronTime('0 12 13 * 5', at('2026-11-24T00:00:00Z'))).toEqual(at('2026-11-27T12:00:00Z')); // the Friday before the 13th
    expect(nextCronTime('0 0 29 2 *', at('2026-03-01T00:00:00Z'))).toEqual(at('2028-02-29T00:00:00Z'));
  });

  it('refuses what is not a 5-field expression with valid values', () => {
    for (const cron of ['every minute', '* * * *', '* * * * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * * 13 *', '* * * * 8', '*/0 * * * *', '5-1 * * * *', '? * * * *', '0 0 30 2 *']) {
      expect(() => lastCronTime(cron, at('2026-11-24T00:00:00Z')), cron).toThrow(/Cron expression/);
    }
  });

  it('agrees with cron-parser on generated expressions and times', () => {
    const part = (min: number, max: number) =>
      fc.oneof(
        fc.constant('*'),
        fc.integer({ min, max }).map(String),
        fc.tuple(fc.integer({ min, max }), fc.integer({ min, max })).map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
        fc.integer({ min: 1, max: max - min + 1 }).map((step) => `*/${step}`),
        fc.uniqueArray(fc.integer({ min, max }), { minLength: 2, maxLength: 4 }).map((values) => values.join(',')),
      );
    const expression = fc.tuple(part(0, 59), part(0, 23), part(1, 31), part(1, 12), part(0, 7)).map((fields) => fields.join(' '));
    const time = fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2030-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(expression, time, (cron, moment) => {
        let reference: { last: Date; next: Date };
        try {
          reference = { last: referenceLast(cron, moment), next: referenceNext(cron, moment) };
        } catch {
          // A month and days it never has (April 31st): both refuse it.
          expect(() => lastCronTime(cron, moment)).toThrow(/Cron expression/);
          return;
        }
        expect(lastCronTime(cron, moment)).toEqual(reference.last);
        expect(nextCronTime(cron, moment)).toEqual(reference.next);
      }),
      { numRuns: 500 },
    );
  });
});
