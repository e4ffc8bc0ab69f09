import { describe, expect, it } from 'vitest';
import { createBillingTime } from './billing-time';

const start = new Date('2026-01-31T12:00:00.000Z');

describe('billing time', () => {
  it('follows the wall clock', () => {
    let wall = start;
    const time = createBillingTime({ isAdjustable: false, wallClock: () => wall });
    expect(time.now()).toEqual(start);
    wall = new Date(start.getTime() + 1000);
    expect(time.now()).toEqual(wall);
  });

  it('moves forward only when the test clock is enabled', () => {
    const fixed = createBillingTime({ isAdjustable: false, wallClock: () => start });
    expect(() => fixed.advance(1000)).toThrow('BILLING_TEST_CLOCK=true');
    expect(fixed.now()).toEqual(start);

    const test = createBillingTime({ isAdjustable: true, wallClock: () => start });
    expect(test.advance(86_400_000)).toEqual(new Date('2026-02-01T12:00:00.000Z'));
    expect(test.advance(86_400_000)).toEqual(new Date('2026-02-02T12:00:00.000Z'));
    expect(test.now()).toEqual(new Date('2026-02-02T12:00:00.000Z'));
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses to move by %s', (milliseconds) => {
    const time = createBillingTime({ isAdjustable: true, wallClock: () => start });
    expect(() => time.advance(milliseconds)).toThrow(RangeError);
    expect(time.now()).toEqual(start);
  });
});
